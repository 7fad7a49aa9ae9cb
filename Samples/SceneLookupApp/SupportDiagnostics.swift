import UIKit

/// Attached to support requests so we can see what state the app was in.
/// Nothing in here identifies the user.
struct SupportDiagnostics: Codable {
    var appVersion: String
    var build: String
    var osVersion: String
    var deviceModel: String
    /// One entry per connected scene, e.g. "UIWindowSceneSessionRoleApplication: foregroundActive".
    var connectedScenes: [String]
    var foregroundWindowCount: Int
    var contentSizeCategory: String
    var capturedAt: Date

    @MainActor
    static func capture() -> SupportDiagnostics {
        let app = UIApplication.shared
        let info = Bundle.main.infoDictionary ?? [:]
        return SupportDiagnostics(
            appVersion: info["CFBundleShortVersionString"] as? String ?? "?",
            build: info["CFBundleVersion"] as? String ?? "?",
            osVersion: UIDevice.current.systemVersion,
            deviceModel: UIDevice.current.model,
            connectedScenes: app.connectedScenes.map { "\($0.session.role.rawValue): \($0.activationState.debugName)" },
            foregroundWindowCount: app.foregroundWindowScenes.count,
            contentSizeCategory: app.preferredContentSizeCategory.rawValue,
            capturedAt: Date()
        )
    }

    /// First line of the support email. The first scene is the one the user
    /// opened support from, which is usually the interesting one.
    var summary: String {
        "Shelf \(appVersion) (\(build)) on iOS \(osVersion), \(deviceModel); scene: \(connectedScenes.first ?? "none")"
    }

    func jsonAttachment() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }
}

private extension UIScene.ActivationState {
    var debugName: String {
        switch self {
        case .unattached: return "unattached"
        case .foregroundActive: return "foregroundActive"
        case .foregroundInactive: return "foregroundInactive"
        case .background: return "background"
        @unknown default: return "unknown(\(rawValue))"
        }
    }
}
