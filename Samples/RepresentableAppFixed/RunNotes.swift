import PhotosUI
import SwiftUI
import UIKit

/// Free-form notes under a run. A UITextView rather than TextEditor so links
/// to routes and race pages stay tappable while the notes are shown.
struct RunNotesEditor: UIViewRepresentable {
    @Binding var text: String
    /// The height the notes need; RunDetailView sizes the row with it.
    @Binding var height: CGFloat

    func makeCoordinator() -> Coordinator {
        Coordinator(text: $text)
    }

    func makeUIView(context: Context) -> UITextView {
        let textView = UITextView()
        textView.font = .preferredFont(forTextStyle: .body)
        textView.adjustsFontForContentSizeCategory = true
        textView.isScrollEnabled = false
        textView.dataDetectorTypes = [.link]
        textView.delegate = context.coordinator
        return textView
    }

    func updateUIView(_ textView: UITextView, context: Context) {
        if textView.text != text {
            textView.text = text
        }
        let fitting = textView.sizeThatFits(CGSize(width: textView.bounds.width, height: .greatestFiniteMagnitude))
        // Reported to the parent after this update, not during it.
        DispatchQueue.main.async {
            if height != fitting.height {
                height = fitting.height
            }
        }
    }

    final class Coordinator: NSObject, UITextViewDelegate {
        @Binding var text: String

        init(text: Binding<String>) {
            _text = text
        }

        func textViewDidChange(_ textView: UITextView) {
            // Called by UIKit after the user types, not during a SwiftUI update.
            text = textView.text
        }
    }
}

/// Picks a photo from the library to attach to a run.
struct PhotoAttachmentPicker: UIViewControllerRepresentable {
    let runID: Run.ID
    var onPick: (Run.ID, UIImage) -> Void
    @Environment(\.dismiss) private var dismiss

    func makeCoordinator() -> Coordinator {
        Coordinator(self)
    }

    func makeUIViewController(context: Context) -> PHPickerViewController {
        var configuration = PHPickerConfiguration()
        configuration.filter = .images
        configuration.selectionLimit = 1
        let picker = PHPickerViewController(configuration: configuration)
        picker.delegate = context.coordinator
        return picker
    }

    func updateUIViewController(_ picker: PHPickerViewController, context: Context) {
        // The detail screen can switch runs while the sheet is up: keep the
        // coordinator's copy (and with it `runID` and `onPick`) current.
        context.coordinator.parent = self
    }

    final class Coordinator: NSObject, PHPickerViewControllerDelegate {
        var parent: PhotoAttachmentPicker

        init(_ parent: PhotoAttachmentPicker) {
            self.parent = parent
        }

        func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult]) {
            parent.dismiss()
            guard let provider = results.first?.itemProvider, provider.canLoadObject(ofClass: UIImage.self) else { return }
            let runID = parent.runID
            let onPick = parent.onPick
            provider.loadObject(ofClass: UIImage.self) { object, _ in
                guard let image = object as? UIImage else { return }
                DispatchQueue.main.async { onPick(runID, image) }
            }
        }
    }
}
