#!/usr/bin/env python3
"""A stand-in for the few GitHub REST endpoints the planview Action uses, on 127.0.0.1 only,
for tools/action/action_test.sh. It keeps issue comments in memory and appends every request
it receives (method, path with query, Authorization header, body) as one JSON line to LOG.

  fake_github.py PORT_FILE LOG [--seed N] [--token T] [--files DIR]

Listens on a free port and writes it to PORT_FILE. --seed N starts every issue with N
comments by someone else (so that the Action must page through them); requests without
"Authorization: Bearer T" get 401. Endpoints:
  GET    /repos/O/R/issues/N/comments?per_page=P&page=K   (P at most 100, as GitHub)
  POST   /repos/O/R/issues/N/comments                     {"body": ...} -> 201
  PATCH  /repos/O/R/issues/comments/ID                    {"body": ...} -> 200
  DELETE /repos/O/R/issues/comments/ID                    -> 204
  GET    /files/NAME  the file DIR/NAME (release downloads; no token needed)
"""
import argparse
import os
import http.server
import json
import re
import urllib.parse

LIST = re.compile(r"^/repos/[^/]+/[^/]+/issues/(\d+)/comments$")
ONE = re.compile(r"^/repos/[^/]+/[^/]+/issues/comments/(\d+)$")


class State:
    def __init__(self, seed, token, log, files):
        self.seed, self.token, self.log, self.files = seed, token, log, files
        self.comments = {}  # issue -> list of comment dicts, oldest first
        self.next_id = 1000

    def issue(self, number):
        if number not in self.comments:
            self.comments[number] = []
            for _ in range(self.seed):
                self.add(number, "an unrelated comment", "someone")
        return self.comments[number]

    def add(self, number, body, user="github-actions[bot]"):
        self.next_id += 1
        comment = {"id": self.next_id, "body": body, "user": {"login": user}}
        self.comments.setdefault(number, []).append(comment)
        return comment

    def find(self, comment_id):
        for comments in self.comments.values():
            for i, c in enumerate(comments):
                if c["id"] == comment_id:
                    return comments, i
        return None, None


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, payload=None):
        data = b"" if payload is None else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def handle_any(self):
        state = self.server.state
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length).decode() if length else ""
        url = urllib.parse.urlsplit(self.path)
        with open(state.log, "a") as log:
            log.write(json.dumps({"method": self.command, "path": self.path,
                                  "auth": self.headers.get("Authorization"), "body": raw}) + "\n")
        if url.path.startswith("/files/") and state.files:
            name = os.path.basename(url.path)
            path = os.path.join(state.files, name)
            if not os.path.isfile(path):
                return self.reply(404, {"message": "Not Found"})
            data = open(path, "rb").read()
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return None
        if self.headers.get("Authorization") != f"Bearer {state.token}":
            return self.reply(401, {"message": "Bad credentials"})
        body = json.loads(raw) if raw else {}
        if (m := LIST.match(url.path)) and self.command == "GET":
            query = urllib.parse.parse_qs(url.query)
            per_page = min(int(query.get("per_page", ["30"])[0]), 100)
            page = int(query.get("page", ["1"])[0])
            comments = state.issue(int(m.group(1)))
            return self.reply(200, comments[(page - 1) * per_page:page * per_page])
        if (m := LIST.match(url.path)) and self.command == "POST":
            state.issue(int(m.group(1)))
            return self.reply(201, state.add(int(m.group(1)), body["body"]))
        if (m := ONE.match(url.path)) and self.command in ("PATCH", "DELETE"):
            comments, i = state.find(int(m.group(1)))
            if comments is None:
                return self.reply(404, {"message": "Not Found"})
            if self.command == "DELETE":
                del comments[i]
                return self.reply(204)
            comments[i]["body"] = body["body"]
            return self.reply(200, comments[i])
        return self.reply(404, {"message": "Not Found"})

    do_GET = do_POST = do_PATCH = do_DELETE = handle_any


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("port_file")
    parser.add_argument("log")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--token", default="test-token")
    parser.add_argument("--files")
    args = parser.parse_args()
    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    server.state = State(args.seed, args.token, args.log, args.files)
    with open(args.port_file + ".tmp", "w") as f:
        f.write(str(server.server_port))
    os.rename(args.port_file + ".tmp", args.port_file)
    server.serve_forever()


main()
