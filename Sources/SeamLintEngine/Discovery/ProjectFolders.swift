import Foundation

extension FileDiscovery {
    /// The folders whose files make up the projects of `files` (absolute paths), for project
    /// facts when only some files are named: the nearest folder above each file holding a project
    /// manifest (the project root the linter groups facts by), else the repository's top folder (a
    /// `.git` entry), else `workingDirectory` when the file is inside it, else the file's folder.
    /// Each folder is listed once however many files share it; sorted.
    public static func projectFolders(ofFiles files: [String]) -> [String] {
        projectFolders(ofFiles: files, workingDirectory: FileSystem.currentDirectory())
    }

    static func projectFolders(ofFiles files: [String], workingDirectory: String) -> [String] {
        var answers: [String: String?] = [:]  // folder → its project folder (nil: none above it)
        func search(_ directory: String) -> String? {
            if let known = answers[directory] { return known }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            let answer: String?
            if DeploymentTargetResolver.holdsProjectManifest(entries) || entries.contains(".git") {
                answer = directory
            } else if directory == "/" || directory.isEmpty {
                answer = nil
            } else {
                answer = search(PathNames.directory(of: directory))
            }
            answers[directory] = .some(answer)
            return answer
        }
        var folders = Set<String>()
        for file in files {
            let directory = PathNames.directory(of: file)
            if let found = search(directory) {
                folders.insert(found)
            } else {
                folders.insert(file.hasPrefix(workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/")
                               ? workingDirectory : directory)
            }
        }
        // A folder inside another one listed is walked with it.
        return folders.sorted().filter { folder in
            var above = folder
            while above != "/" && !above.isEmpty {
                above = PathNames.directory(of: above)
                if folders.contains(above) { return false }
            }
            return true
        }
    }
}
