// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import TagData

/// The tag editor's suggestions: one keystroke's update (``TagSuggestions`` over 10,000 known
/// tags, the eight best for what is typed so far) against one WrapHStack relayout of 1,000 chips
/// measured in the same run (the GTK table's "direct ms" at 1,000 chips). Each keystroke starts
/// with cold private caches, as each relayout does (`GTKBenchmarks.evictCaches`).
@MainActor
enum SuggestionBenchmarks {
    struct Figures {
        /// Median ns per keystroke, and the 95th percentile (the slowest ones are the shared
        /// machine's pauses, at random keystrokes from run to run).
        var keystroke: Double
        var slowKeystroke: Double
        /// ns to fold and index the known tags once.
        var build: Double
    }

    /// Known tags as a user's collection has them: words, places, years, some accented.
    static func knownTags(_ count: Int) -> [String] {
        let words = ["photo", "travel", "Café", "family", "work", "été", "invoice", "music", "garden", "Zürich",
                     "recipe", "project", "archive", "draft", "holiday", "receipt"]
        return (0..<count).map { i in
            "\(words[i % words.count])-\(words[(i / words.count) % words.count].lowercased())-\(i)"
        }
    }

    /// What a user types, a keystroke at a time: each prefix of each word is one update.
    static let typed = ["photo", "cafe", "zur", "ete", "9999", "xyz", "-mus"]

    static func run(count: Int = 10_000, rounds: Int) -> Figures {
        let tags = knownTags(count)
        var builds: [Double] = []
        var suggestions = TagSuggestions(known: [])
        for _ in 0..<3 {
            builds.append(Timing.nanoseconds { suggestions = TagSuggestions(known: tags) })
        }
        let shown: Set<String> = Set(tags.prefix(20).map(TagRules.key))
        var times: [Double] = []
        for _ in 0..<rounds {
            for word in typed {
                for end in word.indices.dropFirst().map({ word[..<$0] }) + [word[...]] {
                    let query = String(end)
                    GTKBenchmarks.evictCaches()
                    times.append(Timing.nanoseconds {
                        Timing.keep(Double(suggestions.suggestions(for: query, excluding: shown).count))
                    })
                }
            }
        }
        let sorted = times.sorted()
        return Figures(keystroke: Timing.median(times), slowKeystroke: sorted.isEmpty ? 0 : sorted[sorted.count * 95 / 100],
                       build: Timing.median(builds))
    }
}
