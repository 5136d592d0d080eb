#!/usr/bin/env python3
"""hubserver.py - a small stand-in for the Hugging Face Hub, for the tests.

Serves the repos under tests/fixtures/hub (ORG/NAME/FILE) the way the Hub
answers: /api/models/ORG/NAME/revision/REV (commit sha and siblings),
/ORG/NAME/resolve/REV/FILE with X-Repo-Commit and ETag, .safetensors files
through a 302 redirect to another host name (localhost) with X-Linked-Etag,
HTTP Range requests there; 401 RepoNotFound for unknown repos, 404
RevisionNotFound / EntryNotFound, gated/* refuses without the token
"hf_test_token" (401) and with another (403), slow/* answers after 5 s,
slowok/* after 3 s; old-org/Renamed redirects (307, relative) to
Qwen/Qwen2.5-0.5B-Instruct; norange/* storage ignores Range.

Usage: hubserver.py FIXTURES PORTFILE LOGFILE.  Binds 127.0.0.1 on a free
port, writes the port to PORTFILE, logs "METHOD PATH auth=yes|no range=R"
per request to LOGFILE, and runs until killed.
"""
import hashlib
import http.server
import json
import os
import re
import sys
import time

ROOT, PORTFILE, LOGFILE = sys.argv[1], sys.argv[2], sys.argv[3]
TOKEN = "hf_test_token"
TAGS = {"v1.0": "1" * 40}  # a tag every repo has, at another commit
RENAMED = {"old-org/Renamed": "Qwen/Qwen2.5-0.5B-Instruct"}  # 307 to the new name


def commit_of(repo, rev):
    if rev in TAGS:
        return TAGS[rev]
    if re.fullmatch(r"[0-9a-f]{40}", rev):
        return rev
    if rev != "main":
        return None
    return hashlib.sha1(repo.encode()).hexdigest()


class Hub(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def error(self, status, code, msg):
        self.send(status, json.dumps({"error": msg}).encode(),
                  [("X-Error-Code", code), ("X-Error-Message", msg),
                   ("Content-Type", "application/json")])

    def do_GET(self):
        auth = self.headers.get("Authorization")
        with open(LOGFILE, "a") as log:
            log.write("GET %s host=%s auth=%s range=%s\n" % (
                self.path, self.headers.get("Host", "").split(":")[0],
                "yes" if auth else "no", self.headers.get("Range", "-")))
        for old, new in RENAMED.items():
            if ("/" + old + "/") in self.path:
                # a renamed repo: a relative redirect on the same host
                return self.send(307, b"", [("Location", self.path.replace(old, new))])
        m = re.fullmatch(r"/api/models/([^/]+/[^/]+)/revision/([^/]+)", self.path)
        if m:
            return self.api(m.group(1), m.group(2).replace("%2F", "/"))
        m = re.fullmatch(r"/([^/]+/[^/]+)/resolve/([^/]+)/(.+)", self.path)
        if m:
            return self.resolve(m.group(1), m.group(2).replace("%2F", "/"),
                                m.group(3), auth)
        m = re.fullmatch(r"/cdn/([^/]+/[^/]+)/(.+)", self.path)
        if m:
            return self.cdn(m.group(1), m.group(2))
        self.error(404, "NotFound", "no route")

    def repo_dir(self, repo):
        d = os.path.join(ROOT, repo)
        return d if os.path.isdir(d) else None

    def api(self, repo, rev):
        d = self.repo_dir(repo)
        if d is None:
            return self.error(401, "RepoNotFound", "Repository not found")
        c = commit_of(repo, rev)
        if c is None:
            return self.error(404, "RevisionNotFound", "Invalid rev id: " + rev)
        if repo.startswith("slow/"):
            time.sleep(5)
        if repo.startswith("slowok/"):
            time.sleep(3)
        sib = [{"rfilename": f} for f in sorted(os.listdir(d))]
        self.send(200, json.dumps({"id": repo, "sha": c, "siblings": sib}).encode(),
                  [("Content-Type", "application/json")])

    def resolve(self, repo, rev, name, auth):
        d = self.repo_dir(repo)
        if d is None:
            return self.error(401, "RepoNotFound", "Repository not found")
        c = commit_of(repo, rev)
        if c is None:
            return self.error(404, "RevisionNotFound", "Invalid rev id: " + rev)
        if repo.startswith("gated/") and auth != "Bearer " + TOKEN:
            if auth is None:
                return self.error(401, "GatedRepo", "Access to model %s is restricted."
                                  % repo)
            return self.error(403, "GatedRepo", "Access to model %s is restricted and "
                              "you are not in the authorized list." % repo)
        path = os.path.join(d, name)
        if not os.path.isfile(path):
            return self.error(404, "EntryNotFound", "Entry not found")
        with open(path, "rb") as f:
            body = f.read()
        if name.endswith(".safetensors"):
            # LFS files: a redirect to the storage host, which is another host name
            port = self.server.server_address[1]
            return self.send(302, b"", [
                ("Location", "http://localhost:%d/cdn/%s/%s" % (port, repo, name)),
                ("X-Repo-Commit", c),
                ("X-Linked-Etag", '"%s"' % hashlib.sha256(body).hexdigest()),
                ("ETag", '"%s"' % hashlib.sha1(body).hexdigest())])
        self.send(200, body, [("X-Repo-Commit", c),
                              ("ETag", '"%s"' % hashlib.sha1(body).hexdigest()),
                              ("Content-Type", "application/json")])

    def cdn(self, repo, name):
        d = self.repo_dir(repo)
        path = os.path.join(d, name) if d else None
        if path is None or not os.path.isfile(path):
            return self.error(404, "NotFound", "no object")
        with open(path, "rb") as f:
            body = f.read()
        rng = self.headers.get("Range")
        if repo.startswith("norange/"):
            rng = None  # a storage host that ignores Range: the whole file
        m = re.fullmatch(r"bytes=(\d+)-(\d+)", rng or "")
        if not m:
            return self.send(200, body, [("ETag", "cdn")])
        a, b = int(m.group(1)), int(m.group(2))
        part = body[a:b + 1]
        self.send(206, part, [("Content-Range", "bytes %d-%d/%d" % (
            a, a + len(part) - 1, len(body)))])


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # clients that cut a transfer (a cap, a time-out) are part of the tests
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def main():
    srv = Server(("127.0.0.1", 0), Hub)
    srv.daemon_threads = True
    tmp = PORTFILE + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(srv.server_address[1]))
    os.rename(tmp, PORTFILE)
    srv.serve_forever()


if __name__ == "__main__":
    main()
