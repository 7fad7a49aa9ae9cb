import UIKit

/// One sketch on disk: strokes plus the stickers placed on top of them.
final class SketchDocument {
    struct Sticker: Codable, Equatable {
        var imageName: String
        var center: CGPoint
        var scale: CGFloat
        var rotation: CGFloat
    }

    private struct Contents: Codable {
        var title: String
        var strokes: [[CGPoint]]
        var stickers: [Sticker]
    }

    let fileURL: URL
    var title: String
    var strokes: [[CGPoint]]
    var stickers: [Sticker]

    private static var documentsDirectory: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("Sketches", isDirectory: true)
    }

    static func createDocumentsDirectoryIfNeeded() {
        try? FileManager.default.createDirectory(at: documentsDirectory, withIntermediateDirectories: true)
    }

    static func untitled() -> SketchDocument {
        let url = documentsDirectory.appendingPathComponent(UUID().uuidString).appendingPathExtension("sketch")
        return SketchDocument(fileURL: url, title: "Untitled Sketch", strokes: [], stickers: [])
    }

    init(fileURL: URL, title: String, strokes: [[CGPoint]], stickers: [Sticker]) {
        self.fileURL = fileURL
        self.title = title
        self.strokes = strokes
        self.stickers = stickers
    }

    convenience init?(contentsOf url: URL) {
        guard let data = try? Data(contentsOf: url),
              let contents = try? PropertyListDecoder().decode(Contents.self, from: data) else {
            return nil
        }
        self.init(fileURL: url, title: contents.title, strokes: contents.strokes, stickers: contents.stickers)
    }

    func save() throws {
        let contents = Contents(title: title, strokes: strokes, stickers: stickers)
        let data = try PropertyListEncoder().encode(contents)
        try data.write(to: fileURL, options: [.atomic, .completeFileProtectionUnlessOpen])
    }
}
