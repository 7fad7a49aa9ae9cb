import CoreLocation
import SwiftUI

@main
struct StrideApp: App {
    @StateObject private var runStore = RunStore()

    var body: some Scene {
        WindowGroup {
            NavigationStack {
                RunListView()
            }
            .environmentObject(runStore)
        }
    }
}

struct Run: Identifiable, Hashable {
    struct Point: Hashable {
        var latitude: Double
        var longitude: Double
    }

    let id: UUID
    var startDate: Date
    var duration: TimeInterval
    var distanceMeters: Double
    var route: [Point]
    /// Seconds per kilometer, one entry per completed kilometer.
    var splits: [TimeInterval]
    /// Optional clip the runner recorded for a form check.
    var formCheckVideoURL: URL?

    var coordinates: [CLLocationCoordinate2D] {
        route.map { CLLocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude) }
    }

    var title: String {
        startDate.formatted(.dateTime.weekday(.wide).hour().minute())
    }

    var shareSummary: String {
        let kilometers = (distanceMeters / 1000).formatted(.number.precision(.fractionLength(2)))
        let time = Duration.seconds(duration).formatted(.time(pattern: .hourMinuteSecond))
        return "Ran \(kilometers) km in \(time) with Stride"
    }
}

@MainActor
final class RunStore: ObservableObject {
    @Published private(set) var runs: [Run] = []
    /// Set while a run is being recorded.
    @Published var activeRunStart: Date?

    func add(_ run: Run) {
        runs.insert(run, at: 0)
    }

    func delete(at offsets: IndexSet) {
        runs.remove(atOffsets: offsets)
    }

    /// Photos the runner attached to a run, newest last.
    @Published private(set) var photos: [Run.ID: [UIImage]] = [:]

    func attachPhoto(_ image: UIImage, to runID: Run.ID) {
        photos[runID, default: []].append(image)
    }
}
