"""The reverse proxy in front of several `holdwise serve` processes: the nginx configuration, written once here
so the manual (docs/web.md, "Running it for a club or a site"), the deployment test and the load benchmark use
the same text.

    python -m holdwise.web.deploy --backend 10.0.0.11:8000 --backend 10.0.0.12:8000 [--listen 80]

prints the site (an `upstream` and a `server` block for /etc/nginx/sites-enabled/). Every POST of the API is
a pure function of its body (a play call of the sealed state it carries; a job start or a cancel is idempotent;
a retried /new deals another game, the first one never reached the player), so the proxy may send any request
that met a dead backend to the next one: `proxy_next_upstream ... non_idempotent`.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

__all__ = ["ACCESS_FORMAT", "nginx_conf", "nginx_site"]

# one line per request: the backends it was sent to ("a, b" when the proxy retried) and what each answered
# (in parts: the site's lines fit 80 columns)
ACCESS_FORMAT = ('$msec $status $request_method $uri ', 'upstream="$upstream_addr" ',
                 'upstream_status="$upstream_status" $request_time')


def nginx_site(backends: Sequence[str], listen: str = "80", access_log: str = "/var/log/nginx/holdwise.log",
               server_name: str = "_") -> str:
    """The nginx `upstream` and `server` blocks proxying `listen` to the `holdwise serve` processes at
    `backends` ("host:port" each)."""
    log_format = "\n                    ".join(f"'{part}'" for part in ACCESS_FORMAT)
    servers = "".join(f"    server {b} max_fails=1 fail_timeout=10s;\n" for b in backends)
    return f"""\
log_format holdwise {log_format};

upstream holdwise {{
    # round robin: the servers keep nothing between requests, so any backend
    # can take a player's next one
{servers}    keepalive 32;
}}

server {{
    listen {listen};
    server_name {server_name};
    access_log {access_log} holdwise;
    # the app refuses bodies over 256 KiB itself (413 naming the field);
    # below that a body stays in memory
    client_max_body_size 1m;
    client_body_buffer_size 256k;

    location / {{
        proxy_pass http://holdwise;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        # a backend that is down, dies mid-request or restarts: the request
        # goes to the next one, POSTs too (every API call is a pure function
        # of its body: see holdwise.web.deploy)
        proxy_next_upstream error timeout http_502 http_503 non_idempotent;
        proxy_next_upstream_tries 2;
        proxy_connect_timeout 2s;
        proxy_read_timeout 120s;
        proxy_buffers 16 64k;
    }}
}}
"""


def nginx_conf(site: str, folder: str | Path, workers: int = 1) -> str:
    """A whole nginx.conf around `site` that keeps everything in `folder` (pid, error log, temporary files):
    nginx runs from it without root's paths (`nginx -p folder -c nginx.conf -e error.log`)."""
    folder = Path(folder)
    temp = "\n".join(f"    {kind}_temp_path {folder / ('temp-' + kind)};"
                     for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    body = "".join(f"    {line}\n" if line else "\n" for line in site.splitlines())
    return f"""\
worker_processes {workers};
pid {folder / 'nginx.pid'};
error_log {folder / 'error.log'} warn;
daemon off;

events {{
    worker_connections 1024;
}}

http {{
{temp}
{body}}}
"""


def main(argv: Sequence[str] | None = None) -> None:
    """Print the nginx site for the backends named on the command line."""
    parser = argparse.ArgumentParser(description=nginx_site.__doc__)
    parser.add_argument("--backend", action="append", required=True, help="host:port of a holdwise serve")
    parser.add_argument("--listen", default="80", help="what nginx listens on: a port or address:port")
    parser.add_argument("--access-log", default="/var/log/nginx/holdwise.log")
    parser.add_argument("--server-name", default="_", help="the site's host name (default: any)")
    opts = parser.parse_args(argv)
    print(nginx_site(opts.backend, opts.listen, opts.access_log, opts.server_name), end="")


if __name__ == "__main__":
    main()
