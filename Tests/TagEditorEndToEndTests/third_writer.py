#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The third writer of the interleaving tests (InterleavingTests.swift): random additions,
removals and renames of its own tags (named PREFIX-N, so the expected end state can be computed
whatever the interleaving), while two tag editors change the same data.

It cooperates as the tag editor documents: for a collection it takes an exclusive flock on
`tags.json.lock`, reads the file, changes it, writes a temporary file, fsyncs it and renames it
over the collection; for file tags it takes an exclusive flock on each file (opened read-only)
around getxattr/setxattr. Every operation it finished is one JSON line in --log, written after
the write, so a test can replay exactly what it did.

    third_writer.py collection TAGS.json --count N --seed S --prefix P --log LOG
    third_writer.py xattr FILE... --count N --seed S --prefix P --log LOG
"""
import argparse
import fcntl
import json
import os
import random
import time

ATTRIBUTE = "user.xdg.tags"


def read_collection(path):
    with open(path, "rb") as f:
        return json.loads(f.read().decode("utf-8"))["tags"]


def write_collection(path, tags):
    temporary = "%s.writer-%d" % (path, os.getpid())
    data = json.dumps({"format": "wraphstack-tags", "version": 1, "tags": tags}).encode("utf-8")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.rename(temporary, path)


def read_tags(path):
    try:
        value = os.getxattr(path, ATTRIBUTE).decode("utf-8")
    except OSError:
        return []
    return [part.strip() for part in value.split(",") if part.strip()]


def write_tags(path, tags):
    if tags:
        os.setxattr(path, ATTRIBUTE, ",".join(tags).encode("utf-8"))
    else:
        try:
            os.removexattr(path, ATTRIBUTE)
        except OSError:
            pass


def choose(rng, mine, prefix, counter):
    """The next operation on this writer's own tags: (kind, name, new name)."""
    roll = rng.random()
    if not mine or roll < 0.5:
        return ("add", "%s-%d" % (prefix, counter), None)
    name = rng.choice(mine)
    if roll < 0.75:
        return ("remove", name, None)
    return ("rename", name, "%s-%d" % (prefix, counter))


def apply(tags, operation):
    kind, name, new = operation
    if kind == "add":
        return tags + [name] if name not in tags else tags
    if kind == "remove":
        return [t for t in tags if t != name]
    return [new if t == name else t for t in tags]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["collection", "xattr"])
    parser.add_argument("targets", nargs="+")
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--pause", type=float, default=0.15, help="longest pause between operations, seconds")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    mine = {target: [] for target in args.targets}
    with open(args.log, "a", buffering=1) as log:
        for counter in range(args.count):
            target = rng.choice(args.targets)
            operation = choose(rng, mine[target], args.prefix, counter)
            if args.mode == "collection":
                lock = os.open(target + ".lock", os.O_RDWR | os.O_CREAT, 0o644)
                fcntl.flock(lock, fcntl.LOCK_EX)
                try:
                    write_collection(target, apply(read_collection(target), operation))
                finally:
                    os.close(lock)
            else:
                fd = os.open(target, os.O_RDONLY)
                fcntl.flock(fd, fcntl.LOCK_EX)
                try:
                    write_tags(target, apply(read_tags(target), operation))
                finally:
                    os.close(fd)
            mine[target] = apply(mine[target], operation)
            log.write(json.dumps({"target": target, "kind": operation[0], "name": operation[1],
                                  "new": operation[2]}) + "\n")
            time.sleep(rng.uniform(0, args.pause))


if __name__ == "__main__":
    main()
