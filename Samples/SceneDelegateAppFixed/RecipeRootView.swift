import Combine
import SwiftUI

struct RecipeRootView: View {
    @EnvironmentObject private var library: RecipeLibrary
    @EnvironmentObject private var router: DeepLinkRouter
    @State private var path: [Recipe.ID] = []
    @State private var sort: RecipeLibrary.Sort = .recent
    @State private var query = ""

    var body: some View {
        NavigationStack(path: $path) {
            List(library.recipes(sortedBy: sort, matching: query)) { recipe in
                NavigationLink(value: recipe.id) {
                    VStack(alignment: .leading, spacing: 2) {
                        Text(recipe.title)
                            .font(.headline)
                        Text("Serves \(recipe.servings) \u{00B7} \(recipe.steps.count) steps")
                            .font(.subheadline)
                            .foregroundStyle(.secondary)
                    }
                }
            }
            .navigationTitle("Recipes")
            .searchable(text: $query)
            .navigationDestination(for: Recipe.ID.self) { id in
                if let recipe = library.recipe(id: id) {
                    RecipeDetailView(recipe: recipe)
                }
            }
            .toolbar {
                Menu {
                    Picker("Sort By", selection: $sort) {
                        ForEach(RecipeLibrary.Sort.allCases) { option in
                            Text(option.rawValue).tag(option)
                        }
                    }
                } label: {
                    Label("Sort", systemImage: "arrow.up.arrow.down")
                }
            }
        }
        // Links from the share extension and timer notifications, and Handoff
        // from the iPad or Mac app. SceneDelegate hands them to the router.
        .onReceive(router.$pending.compactMap { $0 }) { link in
            open(link)
            router.pending = nil
        }
    }

    private func open(_ link: DeepLink) {
        switch link {
        case .recipe(let id):
            path = [id]
        case .search(let text):
            path = []
            query = text
        }
    }
}

struct RecipeDetailView: View {
    @EnvironmentObject private var library: RecipeLibrary
    let recipe: Recipe

    var body: some View {
        List {
            Section("Ingredients") {
                ForEach(recipe.ingredients, id: \.self) { ingredient in
                    Text(ingredient)
                }
            }

            Section("Method") {
                ForEach(Array(recipe.steps.enumerated()), id: \.element.id) { index, step in
                    VStack(alignment: .leading, spacing: 8) {
                        Text("\(index + 1). \(step.text)")
                        if let duration = step.timerDuration {
                            CookingTimerView(stepTitle: "Step \(index + 1)", duration: duration)
                        }
                    }
                    .padding(.vertical, 4)
                }
            }

            Section {
                Button("I Made This") {
                    library.markCooked(recipe.id)
                }
            }
        }
        .navigationTitle(recipe.title)
        .navigationBarTitleDisplayMode(.inline)
    }
}
