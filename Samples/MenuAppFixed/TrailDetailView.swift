import MapKit
import SwiftUI

struct TrailDetailView: View {
    @EnvironmentObject private var store: TrailStore
    @State private var draft: Trail
    @AppStorage("distanceUnits") private var units = "km"

    init(trail: Trail) {
        _draft = State(initialValue: trail)
    }

    var body: some View {
        Form {
            Section("Overview") {
                LabeledContent("Region", value: draft.region)
                LabeledContent("Length") {
                    Text(draft.lengthKilometers, format: .number.precision(.fractionLength(1))) + Text(" km")
                }
                LabeledContent("Elevation Gain", value: "\(draft.elevationGainMeters) m")
                Picker("Difficulty", selection: $draft.difficulty) {
                    ForEach(Trail.Difficulty.allCases) { difficulty in
                        Text(difficulty.title).tag(difficulty)
                    }
                }
                .pickerStyle(.menu)
            }

            Section("Notes") {
                TextField("Parking, water, trail conditions", text: $draft.notes, axis: .vertical)
                    .lineLimit(3...8)
                // No style given: a menu in a form row on iOS 16 and 17.
                Picker("Units", selection: $units) {
                    Text("Kilometers").tag("km")
                    Text("Miles").tag("mi")
                }
            }

            Section {
                openInControl
            }
        }
        .navigationTitle(draft.name)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItemGroup(placement: .primaryAction) {
                Button {
                    draft.isFavorite.toggle()
                } label: {
                    Label("Favorite", systemImage: draft.isFavorite ? "star.fill" : "star")
                }

                Menu {
                    ForEach(store.listNames, id: \.self) { name in
                        Button(name) { store.add(draft, toList: name) }
                    }
                } label: {
                    Label("Add to List", systemImage: "text.badge.plus")
                }

                shareControl
            }
        }
        .onDisappear {
            store.update(draft)
        }
    }

    @ViewBuilder
    private var shareControl: some View {
        if #available(iOS 18, *) {
            Menu {
                ShareLink(item: draft.shareURL) {
                    Label("Share Link", systemImage: "link")
                }
                Button(action: openInMaps) {
                    Label("Open in Maps", systemImage: "map")
                }
            } label: {
                Label("Share", systemImage: "square.and.arrow.up")
            }
        } else {
            // Pull-downs let the dismissing tap through to the form on older
            // systems, so iOS 16/17 just get the share sheet here.
            ShareLink(item: draft.shareURL) {
                Label("Share", systemImage: "square.and.arrow.up")
            }
        }
    }

    @ViewBuilder
    private var openInControl: some View {
        #if os(macOS)
        Menu("Open In") {
            Button("Maps", action: openInMaps)
            Button("Browser") { NSWorkspace.shared.open(draft.shareURL) }
        }
        #else
        Button(action: openInMaps) {
            Label("Open in Maps", systemImage: "map")
        }
        #endif
    }

    private func openInMaps() {
        let item = MKMapItem(placemark: MKPlacemark(coordinate: draft.coordinate))
        item.name = draft.name
        item.openInMaps(launchOptions: [
            MKLaunchOptionsDirectionsModeKey: MKLaunchOptionsDirectionsModeDriving,
        ])
    }
}
