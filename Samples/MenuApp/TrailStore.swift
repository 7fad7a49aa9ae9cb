import Foundation
import CoreLocation

struct Trail: Identifiable, Codable, Hashable {
    enum Difficulty: String, Codable, CaseIterable, Identifiable {
        case easy, moderate, strenuous

        var id: Self { self }
        var title: String { rawValue.capitalized }
    }

    let id: UUID
    var name: String
    var region: String
    var latitude: Double
    var longitude: Double
    var lengthKilometers: Double
    var elevationGainMeters: Int
    var difficulty: Difficulty
    var isFavorite = false
    var notes = ""
    var conditionsUpdatedAt: Date?

    var coordinate: CLLocationCoordinate2D {
        CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }

    var shareURL: URL {
        URL(string: "https://trailhead.example.com/trails/\(id.uuidString.lowercased())")!
    }
}

enum TrailSortOrder: String, CaseIterable, Identifiable {
    case name, length, elevation

    var id: Self { self }

    var title: String {
        switch self {
        case .name: return "Name"
        case .length: return "Length"
        case .elevation: return "Elevation Gain"
        }
    }
}

@MainActor
final class TrailStore: ObservableObject {
    @Published private(set) var trails: [Trail] = []
    @Published var sortOrder: TrailSortOrder = .name
    @Published private(set) var lists: [String: Set<Trail.ID>] = [
        "Want to Hike": [],
        "With Kids": [],
        "Done": [],
    ]

    private var hasLoaded = false

    private var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("trails.json")
    }

    var listNames: [String] { lists.keys.sorted() }

    func loadIfNeeded() async {
        guard !hasLoaded else { return }
        hasLoaded = true
        do {
            let data = try Data(contentsOf: fileURL)
            trails = try JSONDecoder().decode([Trail].self, from: data)
        } catch {
            // First launch, or the file is from an older build we can't read.
            trails = []
        }
    }

    func save() {
        do {
            let data = try JSONEncoder().encode(trails)
            try data.write(to: fileURL, options: .atomic)
        } catch {
            print("Couldn't save trails: \(error)")
        }
    }

    func refreshConditionsIfStale() {
        let staleBefore = Date().addingTimeInterval(-6 * 60 * 60)
        for index in trails.indices where (trails[index].conditionsUpdatedAt ?? .distantPast) < staleBefore {
            trails[index].conditionsUpdatedAt = Date()
        }
    }

    func sortedTrails(matching query: String) -> [Trail] {
        let matches = query.isEmpty ? trails : trails.filter {
            $0.name.localizedCaseInsensitiveContains(query) || $0.region.localizedCaseInsensitiveContains(query)
        }
        switch sortOrder {
        case .name: return matches.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
        case .length: return matches.sorted { $0.lengthKilometers < $1.lengthKilometers }
        case .elevation: return matches.sorted { $0.elevationGainMeters > $1.elevationGainMeters }
        }
    }

    func update(_ trail: Trail) {
        guard let index = trails.firstIndex(where: { $0.id == trail.id }) else { return }
        trails[index] = trail
    }

    func add(_ trail: Trail, toList name: String) {
        lists[name, default: []].insert(trail.id)
    }
}
