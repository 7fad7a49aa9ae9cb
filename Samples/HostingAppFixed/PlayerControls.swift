import SwiftUI

/// Play/pause and skip buttons, with a sheet for the playback speed.
struct PlayerControls: View {
    @State private var isPlaying = false
    @State private var showsSpeed = false

    var body: some View {
        HStack(spacing: 32) {
            Button { } label: { Image(systemName: "gobackward.15") }
            Button { isPlaying.toggle() } label: {
                Image(systemName: isPlaying ? "pause.fill" : "play.fill")
            }
            Button { showsSpeed = true } label: { Image(systemName: "speedometer") }
        }
        .font(.title)
        .sheet(isPresented: $showsSpeed) {
            Text("Playback speed")
        }
    }
}

/// One episode's title and length.
struct EpisodeRow: View {
    let title: String
    let minutes: Int

    var body: some View {
        VStack(alignment: .leading) {
            Text(title).font(.headline)
            Text("\(minutes) min").font(.subheadline).foregroundStyle(.secondary)
        }
    }
}
