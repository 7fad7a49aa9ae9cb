import UIKit

/// The reader: one page, laid out for the window it is in (two columns when wide).
final class PageLayoutViewController: UIViewController {
    private let pageView = UITextView()
    private let progressBar = UIProgressView(progressViewStyle: .bar)

    override func viewDidLoad() {
        super.viewDidLoad()
        pageView.isEditable = false
        view.addSubview(pageView)
        view.addSubview(progressBar)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // Two columns on a wide window, one otherwise: the window, not the screen, in
        // Split View, Slide Over and Stage Manager.
        let width = view.bounds.width
        let columns = width > 700 ? 2 : 1
        pageView.textContainer.widthTracksTextView = columns == 1
        pageView.textContainerInset = UIEdgeInsets(top: 24, left: 24, bottom: 24, right: 24)

        // The safe area already accounts for this window's status bar.
        let top = view.safeAreaInsets.top
        progressBar.frame = CGRect(x: 0, y: top, width: view.bounds.width, height: 2)
        pageView.frame = view.bounds.inset(by: UIEdgeInsets(top: top + 2, left: 0, bottom: 0, right: 0))
    }

    /// Cover thumbnails are rendered at the scale of the display this window is on.
    func thumbnail(of page: UIImage, size: CGSize) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = traitCollection.displayScale
        return UIGraphicsImageRenderer(size: size, format: format).image { _ in
            page.draw(in: CGRect(origin: .zero, size: size))
        }
    }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        if size.width > size.height {
            pageView.font = .preferredFont(forTextStyle: .title3)
        } else {
            pageView.font = .preferredFont(forTextStyle: .body)
        }
    }
}
