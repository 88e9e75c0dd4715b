#!/usr/bin/env python3
"""The adversarial probe of issue 15, against one keyright-server binary: framing, memory,
connections and protocol, each item of the issue's defect list with a figure. Run it against the
binary before and after a change of the HTTP front end, on the same machine, in the same run:

    bench/probe-http-front.py BINARY [--body-mb 1024] [--json OUT] [--framing-only]

Everything listens on 127.0.0.1, in a temporary data directory; every wait is bounded and the
server is stopped at the end."""
import argparse, json, os, resource, shutil, socket, subprocess, sys, tempfile, time

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close(); return port

class Server:
    def __init__(self, binary, extra=()):
        self.dir = tempfile.mkdtemp(prefix="kr-probe-")
        self.port = free_port()
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
        self.proc = subprocess.Popen([binary, "--listen", f"127.0.0.1:{self.port}", "--data-dir", self.dir, "--demo", *extra],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        for _ in range(200):
            try:
                if exchange(self.port, b"GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n", 1.0).startswith(b"HTTP/1.1 200"):
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError("server did not start")
    def hwm_mb(self):
        for line in open(f"/proc/{self.proc.pid}/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    def cpu_s(self):
        fields = open(f"/proc/{self.proc.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    def stop(self):
        self.proc.terminate()
        try: self.proc.wait(10)
        except subprocess.TimeoutExpired: self.proc.kill(); self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)

def exchange(port, raw, wait=2.0):
    """Sends raw, reads until the server closes or `wait` passes without data."""
    s = socket.create_connection(("127.0.0.1", port), timeout=wait)
    s.sendall(raw)
    out = b""
    try:
        while True:
            d = s.recv(65536)
            if not d: break
            out += d
    except (socket.timeout, ConnectionResetError):
        pass
    s.close()
    return out

def answers(data):
    # Status lines only: at the start, or right after a JSON body (messages may quote versions).
    import re
    return len(re.findall(rb"(?:^|\n|\})HTTP/1\.[01] \d{3} ", data))

CHECKOUT = b"POST /v1/licenses/acme-cad/checkout HTTP/1.1\r\nHost: x\r\n"
GET = b"GET /v1/time HTTP/1.1\r\nHost: x\r\n\r\n"

def framing(port):
    cases = {}
    for cl in [b"-1", b"abc", b"0x10", b"", b"99999999999999999999"]:
        cases[f"Content-Length: {cl.decode()}"] = CHECKOUT + b"Content-Length: " + cl + b"\r\n\r\n" + GET
    cases["duplicate Content-Length"] = CHECKOUT + b"Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}" + GET
    cases["Content-Length + chunked"] = CHECKOUT + b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + GET
    cases["Transfer-Encoding: gzip, chunked"] = CHECKOUT + b"Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n" + GET
    cases["HTTP/1.10"] = b"GET /v1/health HTTP/1.10\r\nHost: x\r\n\r\n"
    cases["no version"] = b"GET /v1/health\r\nHost: x\r\n\r\n"
    cases["TLS bytes on the plain port"] = bytes.fromhex("16030100a5010000a10303") + b"\x01" * 160
    cases["BREW method"] = b"BREW /v1/health HTTP/1.1\r\nHost: x\r\n\r\n"
    cases["101 header fields + Authorization"] = (b"GET /v1/licenses HTTP/1.1\r\nHost: x\r\n" +
        b"".join(b"X-%d: y\r\n" % i for i in range(101)) + b"Authorization: Bearer x\r\n\r\n")
    cases["POST /v1/reap?="] = b"POST /v1/reap?= HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n"
    cases["HTTP/1.0"] = b"GET /v1/health HTTP/1.0\r\n\r\n"
    cases["Connection: close"] = b"GET /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    # Issue 24's second probe.
    cases["obs-fold Transfer-Encoding"] = CHECKOUT + b"Transfer-Encoding:\r\n\tchunked\r\n\r\n0\r\n\r\n" + GET
    cases["obs-fold Content-Length"] = CHECKOUT + b"Content-Length:\r\n 2\r\n\r\n{}" + GET
    cases["no Host"] = b"GET /v1/health HTTP/1.1\r\n\r\n"
    cases["two Hosts"] = b"GET /v1/health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"
    cases["raw space in the path"] = b"GET /v1/licenses/acme cad/leases HTTP/1.1\r\nHost: x\r\n\r\n"
    cases["bare LF line endings"] = b"GET /v1/health HTTP/1.1\nHost: x\n\n"
    cases["bare-LF chunk lines"] = CHECKOUT + b"Transfer-Encoding: chunked\r\n\r\n2\n{}\n0\n\n"
    cases["trailer field"] = CHECKOUT + b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\nX-A: 1\r\n\r\n"
    cases["GET /v1/licenses/acme-cad%2Fleases"] = b"GET /v1/licenses/acme-cad%2Fleases HTTP/1.1\r\nHost: x\r\n\r\n"
    cases["GET /%6Detrics"] = b"GET /%6Detrics HTTP/1.1\r\nHost: x\r\n\r\n"
    cases["GET /v1/events?holder=%ff"] = b"GET /v1/events?holder=%ff HTTP/1.1\r\nHost: x\r\n\r\n"
    result = {}
    for name, raw in cases.items():
        t = time.time()
        data = exchange(port, raw, 2.0)
        first = data.split(b"\r\n", 1)[0].decode(errors="replace")
        body = data.split(b"\r\n\r\n", 1)[1][:160].decode(errors="replace") if b"\r\n\r\n" in data else ""
        result[name] = {"answers": answers(data), "first": first, "body": body, "closed_after_s": round(time.time() - t, 2)}
    return result

def stream(port, total, chunked, limit_s=30):
    """Streams a body of `total` bytes until an answer or the end; returns (status line, bytes sent, s)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=limit_s)
    head = CHECKOUT + (b"Transfer-Encoding: chunked\r\n" if chunked else b"Content-Length: %d\r\n" % total) + b"\r\n"
    s.sendall(head)
    piece = b"x" * 65536
    if chunked: piece = b"10000\r\n" + piece + b"\r\n"
    sent, t = 0, time.time()
    s.setblocking(False)
    answer = b""
    while sent < total and time.time() - t < limit_s:
        try:
            d = s.recv(4096)
            if d: answer += d; break
            else: break
        except BlockingIOError: pass
        except ConnectionResetError: break
        try:
            sent += s.send(piece)
        except BlockingIOError:
            time.sleep(0.001)
        except (BrokenPipeError, ConnectionResetError):
            break
    s.setblocking(True); s.settimeout(5)
    if chunked and sent >= total:
        try: s.sendall(b"0\r\n\r\n")
        except OSError: pass
    try:
        while b"\r\n" not in answer:
            d = s.recv(4096)
            if not d: break
            answer += d
    except OSError: pass
    s.close()
    return answer.split(b"\r\n", 1)[0].decode(errors="replace"), sent, round(time.time() - t, 1)

def memory(binary, body_mb):
    result = {}
    for chunked in (False, True):
        server = Server(binary)
        before = server.hwm_mb()
        status, sent, secs = stream(server.port, body_mb * 1024 * 1024, chunked)
        result[f"{body_mb} MB {'chunked' if chunked else 'Content-Length'} body"] = {
            "answer": status, "body_sent_mb": round(sent / 2**20, 1), "seconds": secs,
            "peak_rss_mb": round(server.hwm_mb(), 1), "peak_rss_before_mb": round(before, 1)}
        server.stop()
    return result

def parallel(binary, count, mb):
    import threading
    server = Server(binary)
    before = server.hwm_mb()
    results = []
    threads = [threading.Thread(target=lambda: results.append(stream(server.port, mb * 2**20, False, 60))) for _ in range(count)]
    for th in threads: th.start()
    for th in threads: th.join()
    out = {"answers": sorted(set(r[0] for r in results)), "peak_rss_mb": round(server.hwm_mb(), 1),
           "peak_rss_before_mb": round(before, 1), "body_sent_mb_total": round(sum(r[1] for r in results) / 2**20, 1)}
    server.stop()
    return out

def connections(binary, idle):
    # The set-up: the server's descriptor limit at 1,024 and more idle connections than that.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))
    server = Server(binary)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, idle + 200), hard))
    held = []
    for _ in range(idle):
        try: held.append(socket.create_connection(("127.0.0.1", server.port), timeout=2))
        except OSError: break
    time.sleep(0.5)
    cpu0, t0 = server.cpu_s(), time.time()
    health = []
    for _ in range(5):
        t = time.time()
        try:
            ok = exchange(server.port, b"GET /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 3.0)
            health.append((ok.split(b"\r\n", 1)[0].decode(errors="replace") or "no answer", round(time.time() - t, 2)))
        except OSError as e:
            health.append((type(e).__name__, round(time.time() - t, 2)))
    cpu = (server.cpu_s() - cpu0) / (time.time() - t0)
    for s in held: s.close()
    server.stop()
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return {"idle_connections_opened": len(held), "health": health, "server_cpu_percent": round(cpu * 100, 1)}

def slowloris(binary, seconds):
    server = Server(binary)
    s = socket.create_connection(("127.0.0.1", server.port))
    t, cut = time.time(), None
    raw = b"GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 10000
    for i in range(len(raw)):
        if time.time() - t > seconds: break
        try:
            s.send(raw[i:i + 1])
            s.settimeout(1.0)
            d = s.recv(4096)
            cut = (round(time.time() - t, 1), d.split(b"\r\n", 1)[0].decode(errors="replace") or "closed"); break
        except socket.timeout: pass
        except (BrokenPipeError, ConnectionResetError): cut = (round(time.time() - t, 1), "reset"); break
    s.close(); server.stop()
    return {"cut_after": cut or f"not cut within {seconds} s"}

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary"); ap.add_argument("--body-mb", type=int, default=1024)
    ap.add_argument("--parallel", type=int, default=8); ap.add_argument("--parallel-mb", type=int, default=100)
    ap.add_argument("--idle", type=int, default=1100); ap.add_argument("--slowloris-s", type=int, default=30)
    ap.add_argument("--json")
    ap.add_argument("--framing-only", action="store_true", help="only the framing cases (seconds, not minutes)")
    a = ap.parse_args()
    server = Server(a.binary)
    report = {"framing": framing(server.port)}
    server.stop()
    if a.framing_only:
        print(json.dumps(report, indent=1))
        return
    report["memory"] = memory(a.binary, a.body_mb)
    report["parallel"] = parallel(a.binary, a.parallel, a.parallel_mb)
    report["connections"] = connections(a.binary, a.idle)
    report["slowloris"] = slowloris(a.binary, a.slowloris_s)
    text = json.dumps(report, indent=1)
    print(text)
    if a.json: open(a.json, "w").write(text)

main()
