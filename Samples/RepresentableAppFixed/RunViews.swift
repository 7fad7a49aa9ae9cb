import SwiftUI

struct RunListView: View {
    @EnvironmentObject private var store: RunStore

    var body: some View {
        List {
            if let start = store.activeRunStart {
                Section("In Progress") {
                    LapTimerLabel(startDate: start)
                        .frame(maxWidth: .infinity)
                        .padding(.vertical, 8)
                }
            }

            Section("Recent") {
                ForEach(store.runs) { run in
                    NavigationLink(value: run) {
                        VStack(alignment: .leading, spacing: 2) {
                            Text(run.title).font(.headline)
                            Text(run.shareSummary).font(.subheadline).foregroundStyle(.secondary)
                        }
                    }
                }
                .onDelete(perform: store.delete(at:))
            }
        }
        .navigationTitle("Runs")
        .navigationDestination(for: Run.self) { run in
            RunDetailView(run: run)
        }
    }
}

struct RunDetailView: View {
    let run: Run
    @State private var isSharing = false

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                RouteMapView(route: run.coordinates)
                    .frame(height: 260)
                    .clipShape(RoundedRectangle(cornerRadius: 16, style: .continuous))

                if let videoURL = run.formCheckVideoURL {
                    Text("Form Check").font(.headline)
                    // Pausing and releasing the player happens in dismantleUIView.
                    WorkoutVideoView(url: videoURL)
                        .aspectRatio(16 / 9, contentMode: .fit)
                        .clipShape(RoundedRectangle(cornerRadius: 16, style: .continuous))
                }

                Text("Splits").font(.headline)
                ForEach(Array(run.splits.enumerated()), id: \.offset) { index, seconds in
                    HStack {
                        Text("Km \(index + 1)")
                        Spacer()
                        Text(Duration.seconds(seconds).formatted(.time(pattern: .minuteSecond)))
                            .monospacedDigit()
                    }
                    Divider()
                }
            }
            .padding()
        }
        .navigationTitle(run.title)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            Button {
                isSharing = true
            } label: {
                Label("Share", systemImage: "square.and.arrow.up")
            }
        }
        .sheet(isPresented: $isSharing) {
            ActivityShareSheet(items: [run.shareSummary])
                .presentationDetents([.medium, .large])
        }
    }
}
