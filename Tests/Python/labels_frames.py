# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The check every labels client passes (Resources/examples/*/labels.*, the scratch Swift package
of test_swift_package_client.py): its twelve labels, printed as "x y width height" lines, wrap
into lines in reading order with the spacing the client set, within the window's width."""

# What the clients set.
ITEM_SPACING, LINE_SPACING, WINDOW_WIDTH = 6, 4, 200


def assert_lays_out_twelve_labels(test, output, client):
    frames = [tuple(float(value) for value in line.split()) for line in output.splitlines() if line.strip()]
    test.assertEqual(len(frames), 12, f"{client}: {output}")
    lines = {}
    for index, (x, y, width, height) in enumerate(frames):
        lines.setdefault(y, []).append((x, width, height, index))
    test.assertGreaterEqual(len(lines), 3, f"{client} wraps the labels into several lines: {frames}")
    tops = sorted(lines)
    order = [index for top in tops for (_, _, _, index) in sorted(lines[top])]
    test.assertEqual(order, list(range(12)), f"{client}: labels in reading order")
    for top in tops:
        line = sorted(lines[top])
        test.assertEqual(line[0][0], 0, f"{client}: a line starts at the edge")
        for (x, width, _, _), (next_x, _, _, _) in zip(line, line[1:]):
            test.assertAlmostEqual(next_x - (x + width), ITEM_SPACING, msg=f"{client}: item spacing")
        test.assertLessEqual(line[-1][0] + line[-1][1], WINDOW_WIDTH, f"{client}: within the width")
    for top, next_top in zip(tops, tops[1:]):
        thickness = max(height for (_, _, height, _) in lines[top])
        test.assertAlmostEqual(next_top - (top + thickness), LINE_SPACING, msg=f"{client}: line spacing")
