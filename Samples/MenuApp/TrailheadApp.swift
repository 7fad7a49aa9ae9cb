import SwiftUI

@main
struct TrailheadApp: App {
    @StateObject private var store = TrailStore()
    @Environment(\.scenePhase) private var scenePhase

    init() {
        // Trail photos come from a CDN with long max-age headers; give them
        // enough room that flipping between trails doesn't refetch everything.
        URLCache.shared = URLCache(
            memoryCapacity: 20 * 1024 * 1024,
            diskCapacity: 150 * 1024 * 1024
        )
    }

    var body: some Scene {
        WindowGroup {
            NavigationStack {
                TrailListView()
            }
            .environmentObject(store)
            .task {
                await store.loadIfNeeded()
            }
        }
        .onChange(of: scenePhase) { phase in
            switch phase {
            case .background:
                // Favorites and notes are tiny, so just write them out every
                // time we leave the foreground instead of tracking dirty state.
                store.save()
            case .active:
                store.refreshConditionsIfStale()
            default:
                break
            }
        }
    }
}
