import AVFoundation
import SwiftUI
import UIKit

/// Loops the form-check clip recorded during a run, muted, with no controls.
/// AVKit's `VideoPlayer` always brings its own playback controls, which is
/// not what we want inline in the run summary.
///
/// The `UIViewRepresentable` conformance is declared in UIKitBridges.swift.
struct WorkoutVideoView {
    let url: URL
    var isMuted = true

    func makeUIView(context: Context) -> PlayerLayerView {
        let view = PlayerLayerView()
        let player = AVQueuePlayer()
        player.isMuted = isMuted
        player.preventsDisplaySleepDuringVideoPlayback = false
        view.looper = AVPlayerLooper(player: player, templateItem: AVPlayerItem(url: url))
        view.playerLayer.player = player
        view.playerLayer.videoGravity = .resizeAspectFill
        player.play()
        return view
    }

    func updateUIView(_ uiView: PlayerLayerView, context: Context) {
        uiView.playerLayer.player?.isMuted = isMuted
    }

    func dismantleUIView(_ uiView: PlayerLayerView, coordinator: ()) {
        // Without this the clip keeps playing (and holding the audio session)
        // after the run summary is dismissed.
        uiView.looper?.disableLooping()
        uiView.playerLayer.player?.pause()
        uiView.playerLayer.player = nil
    }
}

/// A view whose backing layer is an AVPlayerLayer, so the video resizes with
/// Auto Layout and SwiftUI frames for free.
final class PlayerLayerView: UIView {
    override class var layerClass: AnyClass {
        AVPlayerLayer.self
    }

    var playerLayer: AVPlayerLayer {
        layer as! AVPlayerLayer
    }

    /// Keeps the looper alive for as long as the view is.
    var looper: AVPlayerLooper?
}
