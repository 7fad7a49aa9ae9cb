import SeamLintCore

/// Every rule SeamLint ships, in the order `lint rules` lists them.
public let allRules: [any Rule.Type] = [
    ConnectedScenesFirst.self,
    KeyWindowLookup.self,
    WindowBeforeAppearance.self,
    RepresentableDismantleNotStatic.self,
    SubviewsKVO.self,
    MenuTouchThrough.self,
    ContextMenuWorkaroundScope.self,
    SceneLifecycleNotForwarded.self,
    ScrollEdgeOverlay.self,
    PrivateUIKitClass.self,
    TrivialRepresentable.self,
    SuperfluousSuppression.self,
    InvalidSuppression.self,
]
