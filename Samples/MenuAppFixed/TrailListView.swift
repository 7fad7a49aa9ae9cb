import SwiftUI

struct TrailListView: View {
    @EnvironmentObject private var store: TrailStore
    @State private var query = ""
    @State private var scope: Scope = .all

    enum Scope: String, CaseIterable, Identifiable {
        case all = "All"
        case favorites = "Favorites"

        var id: Self { self }
    }

    private var visibleTrails: [Trail] {
        let sorted = store.sortedTrails(matching: query)
        return scope == .favorites ? sorted.filter(\.isFavorite) : sorted
    }

    var body: some View {
        List {
            Section {
                Picker("Show", selection: $scope) {
                    ForEach(Scope.allCases) { scope in
                        Text(scope.rawValue).tag(scope)
                    }
                }
                .pickerStyle(.segmented)
                .listRowBackground(Color.clear)
                .listRowInsets(EdgeInsets())
            }

            ForEach(visibleTrails) { trail in
                NavigationLink(value: trail) {
                    TrailRow(trail: trail)
                }
            }
        }
        .navigationTitle("Trails")
        .navigationDestination(for: Trail.self) { trail in
            TrailDetailView(trail: trail)
        }
        .searchable(text: $query, prompt: "Search trails or regions")
        .overlay {
            if visibleTrails.isEmpty && !query.isEmpty {
                Text("No trails match \u{201C}\(query)\u{201D}")
                    .foregroundStyle(.secondary)
            }
        }
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                // Sort options live in a pull-down so the nav bar stays uncluttered
                // on iPhone mini; the segmented control above handles filtering.
                Menu {
                    Picker("Sort By", selection: $store.sortOrder) {
                        ForEach(TrailSortOrder.allCases) { order in
                            Text(order.title).tag(order)
                        }
                    }
                } label: {
                    Label("Sort", systemImage: "arrow.up.arrow.down")
                }
                .accessibilityHint("Shows the sort menu")
            }
        }
    }
}

struct TrailRow: View {
    let trail: Trail

    var body: some View {
        HStack(spacing: 12) {
            VStack(alignment: .leading, spacing: 4) {
                Text(trail.name)
                    .font(.headline)
                Text(trail.region)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
            Spacer()
            VStack(alignment: .trailing, spacing: 4) {
                Text(trail.lengthKilometers, format: .number.precision(.fractionLength(1)))
                    + Text(" km")
                Text(trail.difficulty.title)
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            if trail.isFavorite {
                Image(systemName: "star.fill")
                    .foregroundStyle(.yellow)
                    .accessibilityLabel("Favorite")
            }
        }
        .contextMenu { shareMenu }
    }

    /// Only ever shown inside the row's context menu: a submenu.
    private var shareMenu: some View {
        Menu("Share") {
            ShareLink(item: trail.shareURL) {
                Label("Share Link", systemImage: "link")
            }
        }
    }
}
