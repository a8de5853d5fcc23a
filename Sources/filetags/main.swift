// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
// filetags: tags across folders from the command line (see Help.swift for the contract).

import Glibc
import TagData

Translation.start(localeDirectory: Translation.defaultLocaleDirectory)

let arguments: Arguments
do {
    arguments = try Arguments.parse(Arguments.commandLine)
} catch {
    Diagnostics.fail(tr("\(error.message) (filetags --help says more)"), status: 2)
}

if arguments.help {
    var output = Output()
    output.write(helpText + "\n")
    output.flush()
    exit(0)
}

var commands = Commands(arguments: arguments)
if [.rename, .merge, .delete, .add, .remove, .restore, .import].contains(arguments.command!) { commands.warnOfInterruptedChanges() }
switch arguments.command! {
case .list: commands.list()
case .find: commands.find()
case .rename, .merge, .delete: commands.changeTree()
case .show: commands.show()
case .add, .remove: commands.changeFiles()
case .check, .restore: commands.checkOrRestore()
case .watch: commands.watch()
case .export: commands.export()
case .import: commands.importTags()
case .interrupted: commands.interrupted()
case .resume, .revert: commands.resumeOrRevert()
case .color: commands.color()
}
commands.output.flush()
commands.journal?.close()
exit(commands.status)
