import SeamLintCore

/// Lexes several Objective-C files of one dialect with one libclang call. A translation unit
/// costs about 0.5 ms to set up (its identifier table) whatever its size, while `clang_tokenize`
/// lexes raw: each token depends only on its bytes and the language (`ObjectiveCParser`). So
/// files joined by a newline get, split back at their offsets, the tokens each gets alone,
/// except where lexing carries across a boundary; those files are lexed alone again, as is every
/// file of a batch libclang fails on, so each file keeps its own outcome (crash, time limit).
enum ObjectiveCBatch {
    typealias Lexed = Result<[ClangToken], ObjectiveCParseFailure>

    /// At most this many bytes per call (the worker's time limit grows with them); a file over
    /// `largeFile` is lexed alone, so that it does not hold a batch's other files hostage.
    static let maximumBytes = 512 << 10
    static let largeFile = 128 << 10

    /// Each file's tokens, as `lex` gives them for the file alone.
    static func clangTokens(of files: [[UInt8]], lex: ([UInt8]) -> Lexed) -> [Lexed] {
        var results = [Lexed?](repeating: nil, count: files.count)
        var batch: [Int] = []
        var bytes = 0
        func flush() {
            if batch.count > 1 {
                for (index, tokens) in zip(batch, lexTogether(batch.map { files[$0] }, lex: lex)) {
                    results[index] = tokens
                }
            }
            batch = []
            bytes = 0
        }
        for (index, file) in files.enumerated() where canJoin(file) {
            if bytes + file.count > maximumBytes { flush() }
            batch.append(index)
            bytes += file.count + 1
        }
        flush()
        return files.indices.map { results[$0] ?? lex(files[$0]) }
    }

    /// Whether a file can share a buffer, from its bytes alone. Not: one that starts with a UTF-8
    /// byte order mark (clang skips it only at the start of the buffer); one whose last byte other
    /// than spaces and tabs is a backslash (with the joining newline it becomes a line splice, and
    /// the `\` token the file has alone disappears).
    static func canJoin(_ file: [UInt8]) -> Bool {
        guard !file.isEmpty, file.count <= largeFile, !file.starts(with: [0xEF, 0xBB, 0xBF]) else { return false }
        let horizontalSpace: Set<UInt8> = [0x20, 0x09, 0x0B, 0x0C]
        return file.last { !horizontalSpace.contains($0) } != UInt8(ascii: "\\")
    }

    /// The files' tokens from one call to `lex`, each lexed alone again where its batched tokens
    /// might differ; every file alone when the call fails.
    private static func lexTogether(_ files: [[UInt8]], lex: ([UInt8]) -> Lexed) -> [Lexed] {
        var joined: [UInt8] = []
        joined.reserveCapacity(files.reduce(files.count) { $0 + $1.count })
        var starts: [Int] = []
        for file in files {
            if !joined.isEmpty { joined.append(UInt8(ascii: "\n")) }
            starts.append(joined.count)
            joined += file
        }
        guard case .success(let tokens) = lex(joined) else { return files.map(lex) }
        var perFile = [[ClangToken]](repeating: [], count: files.count)
        var alone = [Bool](repeating: false, count: files.count)
        var file = 0
        for (position, token) in tokens.enumerated() {
            while file + 1 < files.count && token.start >= starts[file + 1] { file += 1 }
            let end = starts[file] + files[file].count
            if perFile[file].isEmpty, position > 0, isAt(tokens[position - 1], in: joined) {
                // libclang makes an identifier after `@` a keyword (`@interface`), across files too.
                alone[file] = true
            }
            if token.end > end || token.start >= end {
                // A token runs past the file's end (an unterminated comment, string or raw
                // string, a splice): this file and the ones it reaches are lexed alone.
                for reached in file..<files.count where reached == file || starts[reached] <= token.end {
                    alone[reached] = true
                }
            }
            let offset = starts[file]
            perFile[file].append(ClangToken(kind: token.kind, start: token.start - offset, end: token.end - offset))
        }
        for index in files.indices where !alone[index] {
            // libclang gives no token for a block comment left open at the end of the buffer, so
            // it hides the files after it: what follows a file's last token must be blank.
            let last = perFile[index].last.map { starts[index] + $0.end } ?? starts[index]
            alone[index] = !isBlank(joined[last..<(starts[index] + files[index].count)])
        }
        return files.indices.map { alone[$0] ? lex(files[$0]) : .success(perFile[$0]) }
    }

    /// Whitespace, or the backslashes of line splices (no token; never at a file's end, `canJoin`).
    private static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || (0x09...0x0D).contains($0) || $0 == UInt8(ascii: "\\") }
    }

    private static func isAt(_ token: ClangToken, in bytes: [UInt8]) -> Bool {
        token.kind == .punctuation && token.end - token.start == 1 && bytes[token.start] == UInt8(ascii: "@")
    }
}
