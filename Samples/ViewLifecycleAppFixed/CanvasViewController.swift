import Combine
import UIKit

/// One sketch: the zoomable canvas, the floating tool palette and the item
/// counter in the navigation bar.
final class CanvasViewController: UIViewController {
    private let document: SketchDocument
    private let scrollView = UIScrollView()
    private let canvasView = CanvasView(frame: CGRect(x: 0, y: 0, width: 2048, height: 2048))
    private let toolPalette = ToolPaletteView.loadFromNib()
    private let itemCountLabel = UILabel()
    private var cancellables: Set<AnyCancellable> = []

    init(document: SketchDocument) {
        self.document = document
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        title = document.title

        scrollView.delegate = self
        scrollView.minimumZoomScale = 0.25
        scrollView.maximumZoomScale = 4
        scrollView.contentSize = canvasView.bounds.size
        scrollView.addSubview(canvasView)
        view.addSubview(scrollView)
        view.addSubview(toolPalette)
        installConstraints()

        canvasView.onItemCountChange = { [weak self] count in
            self?.itemCountLabel.text = count == 1 ? "1 item" : "\(count) items"
        }
        canvasView.load(document)

        scrollView.publisher(for: \.zoomScale)
            .sink { [weak self] scale in
                self?.toolPalette.showZoom(scale)
            }
            .store(in: &cancellables)

        let share = UIAction(title: "Export", image: UIImage(systemName: "square.and.arrow.up")) { [weak self] _ in
            guard let self else { return }
            // Export at the resolution of whichever display the sketch is on right now.
            let scale = self.view.window?.windowScene?.screen.scale ?? 2
            self.export(self.canvasView.snapshotImage(scale: scale))
        }
        navigationItem.rightBarButtonItem = UIBarButtonItem(primaryAction: share)
        navigationItem.leftBarButtonItem = UIBarButtonItem(customView: itemCountLabel)
        navigationItem.leftItemsSupplementBackButton = true
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.setToolbarHidden(true, animated: animated)
    }

    override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        // The view is in the window by now (viewDidLoad and viewWillAppear are
        // too early), so this is the first place the scene is known.
        guard let windowScene = view.window?.windowScene else { return }

        // Render strokes at the display's native scale so they stay crisp when zoomed in.
        canvasView.renderScale = windowScene.screen.scale
        // Name the scene after the sketch so the app switcher and Stage Manager show it.
        windowScene.title = document.title
        // Below this the palette covers most of the canvas on iPad and Mac.
        windowScene.sizeRestrictions?.minimumSize = CGSize(width: 600, height: 500)
    }

    func saveDocument() {
        canvasView.write(to: document)
        try? document.save()
    }

    private func export(_ image: UIImage) {
        let activityController = UIActivityViewController(activityItems: [image], applicationActivities: nil)
        activityController.popoverPresentationController?.barButtonItem = navigationItem.rightBarButtonItem
        present(activityController, animated: true)
    }

    private func installConstraints() {
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        toolPalette.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: view.topAnchor),
            scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scrollView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            toolPalette.centerXAnchor.constraint(equalTo: view.safeAreaLayoutGuide.centerXAnchor),
            toolPalette.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -16),
        ])
    }
}

extension CanvasViewController: UIScrollViewDelegate {
    func viewForZooming(in scrollView: UIScrollView) -> UIView? {
        canvasView
    }
}
