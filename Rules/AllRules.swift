import SeamLintCore

/// Every rule of the family folders, in the order `lint rules` lists them. The command line's
/// `allRules` appends the engine's `suppressionRules` to these.
public let familyRules: [any Rule.Type] = [
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
]
