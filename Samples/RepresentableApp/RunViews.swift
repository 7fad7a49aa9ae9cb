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
    @EnvironmentObject private var store: RunStore
    @State private var isSharing = false
    @State private var isAttachingPhoto = false
    @State private var notes = ""
    @State private var notesHeight: CGFloat = 44

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

                Text("Notes").font(.headline)
                RunNotesEditor(text: $notes, height: $notesHeight)
                    .frame(height: notesHeight)
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
            Button {
                isAttachingPhoto = true
            } label: {
                Label("Attach Photo", systemImage: "photo.badge.plus")
            }
        }
        .sheet(isPresented: $isSharing) {
            ActivityShareSheet(items: [run.shareSummary])
                .presentationDetents([.medium, .large])
        }
        .sheet(isPresented: $isAttachingPhoto) {
            PhotoAttachmentPicker(runID: run.id) { id, image in
                store.attachPhoto(image, to: id)
            }
        }
    }
}
