import Foundation

struct Recipe: Identifiable, Codable, Hashable {
    struct Step: Identifiable, Codable, Hashable {
        let id: UUID
        var text: String
        /// Set for steps like "simmer for 20 minutes".
        var timerDuration: TimeInterval?
    }

    /// Handoff / Spotlight activity for an open recipe.
    static let viewActivityType = "com.example.mise.view-recipe"

    let id: UUID
    var title: String
    var servings: Int
    var ingredients: [String]
    var steps: [Step]
    var addedAt: Date
    var lastCookedAt: Date?
}

/// A parsed `mise://` link.
enum DeepLink: Equatable {
    case recipe(Recipe.ID)
    case search(String)

    /// mise://recipe/<uuid> or mise://search?q=<text>
    init?(url: URL) {
        guard url.scheme == "mise" else { return nil }
        switch url.host {
        case "recipe":
            guard let id = UUID(uuidString: url.lastPathComponent) else { return nil }
            self = .recipe(id)
        case "search":
            let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            guard let query = items.first(where: { $0.name == "q" })?.value else { return nil }
            self = .search(query)
        default:
            return nil
        }
    }
}

/// Where the scene delegate drops incoming links and Handoff activities.
/// SwiftUI's onOpenURL and onContinueUserActivity are only fed by a SwiftUI
/// `App`, which Mise no longer has, so views observe this instead.
final class DeepLinkRouter: ObservableObject {
    @Published var pending: DeepLink?

    func handle(_ url: URL) {
        guard let link = DeepLink(url: url) else { return }
        pending = link
    }

    func handle(_ activity: NSUserActivity) {
        guard activity.activityType == Recipe.viewActivityType,
              let idString = activity.userInfo?["id"] as? String,
              let id = UUID(uuidString: idString) else {
            return
        }
        pending = .recipe(id)
    }
}

final class RecipeLibrary: ObservableObject {
    enum Sort: String, CaseIterable, Identifiable {
        case recent = "Recently Added"
        case cooked = "Recently Cooked"
        case title = "Title"

        var id: Self { self }
    }

    @Published private(set) var recipes: [Recipe] = []
    private var isDirty = false

    private var fileURL: URL {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("recipes.json")
    }

    func load() {
        guard let data = try? Data(contentsOf: fileURL) else { return }
        recipes = (try? JSONDecoder().decode([Recipe].self, from: data)) ?? []
    }

    func saveIfNeeded() {
        guard isDirty, let data = try? JSONEncoder().encode(recipes) else { return }
        try? FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(),
            withIntermediateDirectories: true
        )
        try? data.write(to: fileURL, options: .atomic)
        isDirty = false
    }

    func recipe(id: Recipe.ID) -> Recipe? {
        recipes.first { $0.id == id }
    }

    func recipes(sortedBy sort: Sort, matching query: String = "") -> [Recipe] {
        let matches = query.isEmpty ? recipes : recipes.filter { $0.title.localizedCaseInsensitiveContains(query) }
        switch sort {
        case .recent: return matches.sorted { $0.addedAt > $1.addedAt }
        case .cooked: return matches.sorted { ($0.lastCookedAt ?? .distantPast) > ($1.lastCookedAt ?? .distantPast) }
        case .title: return matches.sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
        }
    }

    func markCooked(_ id: Recipe.ID) {
        guard let index = recipes.firstIndex(where: { $0.id == id }) else { return }
        recipes[index].lastCookedAt = Date()
        isDirty = true
    }
}
