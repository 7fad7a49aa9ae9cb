import SeamLintCore
import SeamLintEngine
import SeamLintRules

/// Every rule SeamLint ships, in the order `lint rules` lists them: the family rules, then the
/// suppression rules the engine's suppression pass reports for.
public let allRules: [any Rule.Type] = familyRules + suppressionRules
