// A closed-loop load generator for the Redis counting semaphore that bench/run-server-bench.sh
// compares keyright with. wrk speaks only HTTP, and redis-benchmark cannot chain a release to the
// seat its checkout took, so this tool drives Redis the way wrk drives the HTTP servers: N
// keep-alive connections, one request in flight on each, the next sent as soon as the answer is
// in, latency taken from the send to the complete reply, throughput over a fixed duration.
//
// The semaphore is the usual sorted set per license: member = seat, score = expiry in ms. The
// scripts run inside Redis (EVALSHA), so each operation is one round trip like a keyright request.

#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace keyright {
namespace {

using SteadyClock = std::chrono::steady_clock;

// now in ms from Redis' own clock, so the load generator's clock never decides an expiry.
constexpr std::string_view nowLua = "local t = redis.call('TIME') "
                                    "local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) ";

// KEYS[1] = license set; ARGV = member, seatCount, ttlMs, skewMs. Drop what is no longer live
// (expiresAt + skew < now, the keyright predicate), count, add if under the limit.
const std::string checkoutLua = std::string(nowLua)
    + "redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. (now - tonumber(ARGV[4]))) "
      "if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then "
      "redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1]) return 1 end "
      "return 0";

// KEYS[1] = license set; ARGV = member, ttlMs, skewMs. Renews only a seat that is still live.
const std::string renewLua = std::string(nowLua)
    + "local s = redis.call('ZSCORE', KEYS[1], ARGV[1]) "
      "if not s or tonumber(s) + tonumber(ARGV[3]) < now then return 0 end "
      "redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1]) return 1";

const std::string releaseLua = "return redis.call('ZREM', KEYS[1], ARGV[1])";

enum class Mode { Populate, Renew, Pairs };

struct Options
{
    std::string host = "127.0.0.1";
    int port = 6379;
    Mode mode = Mode::Renew;
    int connections = 64;
    int threads = 2;
    double duration = 10.0;
    int leases = 1000; // renew: held seats, 100 per license set
    int bulk = 0; // populate: extra live seats in 1000-seat sets
    int licenses = 100; // pairs: license sets used round-robin
    int seatCount = 1000; // pairs: the limit of each set
    std::string prefix = "sem:pairs"; // pairs: key prefix (a fresh one per run for the hot case)
    long long ttlMs = 3600000;
    long long skewMs = 5000;
};

[[noreturn]] void fail(const std::string &what)
{
    std::fprintf(stderr, "bench_redis_semaphore: %s\n", what.c_str());
    std::exit(2);
}

std::string command(const std::vector<std::string> &args)
{
    // Appends only: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string temporaries.
    std::string out(1, '*');
    out += std::to_string(args.size());
    out += "\r\n";
    for (const auto &arg : args) {
        out += '$';
        out += std::to_string(arg.size());
        out += "\r\n";
        out += arg;
        out += "\r\n";
    }
    return out;
}

struct Reply
{
    char type = 0;
    long long integer = 0;
    std::string text;
};

// Parses one RESP reply at the start of `in`; returns the bytes it takes, 0 when incomplete.
size_t parseReply(std::string_view in, Reply *reply)
{
    const size_t eol = in.find("\r\n");
    if (eol == std::string_view::npos)
        return 0;
    const char type = in[0];
    const std::string line(in.substr(1, eol - 1));
    if (reply) {
        reply->type = type;
        reply->text = line;
    }
    switch (type) {
    case '+':
    case '-':
        return eol + 2;
    case ':':
        if (reply)
            reply->integer = std::atoll(line.c_str());
        return eol + 2;
    case '$': {
        const long long length = std::atoll(line.c_str());
        if (length < 0)
            return eol + 2;
        const size_t total = eol + 2 + static_cast<size_t>(length) + 2;
        if (in.size() < total)
            return 0;
        if (reply)
            reply->text = std::string(in.substr(eol + 2, static_cast<size_t>(length)));
        return total;
    }
    case '*': {
        const long long count = std::atoll(line.c_str());
        size_t used = eol + 2;
        for (long long i = 0; i < count; ++i) {
            const size_t part = parseReply(in.substr(used), nullptr);
            if (part == 0)
                return 0;
            used += part;
        }
        return used;
    }
    default:
        fail("unexpected reply from redis: " + std::string(in.substr(0, eol)));
    }
}

int connectTo(const Options &options, bool blocking)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        fail(std::string("socket: ") + std::strerror(errno));
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(options.port));
    if (::inet_pton(AF_INET, options.host.c_str(), &address.sin_addr) != 1)
        fail("bad host " + options.host);
    if (::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0)
        fail("cannot connect to redis at " + options.host + ":" + std::to_string(options.port) + ": "
             + std::strerror(errno));
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (!blocking)
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    return fd;
}

// A blocking connection for setup: sends commands, waits for every reply, fails on an error.
class SetupConnection
{
public:
    explicit SetupConnection(const Options &options)
        : m_fd(connectTo(options, true))
    { }
    ~SetupConnection() { ::close(m_fd); }
    SetupConnection(const SetupConnection &) = delete;
    SetupConnection &operator=(const SetupConnection &) = delete;

    std::vector<Reply> pipeline(const std::vector<std::string> &commands)
    {
        std::string out;
        for (const auto &c : commands)
            out += c;
        size_t sent = 0;
        while (sent < out.size()) {
            const ssize_t n = ::send(m_fd, out.data() + sent, out.size() - sent, 0);
            if (n <= 0)
                fail(std::string("send: ") + std::strerror(errno));
            sent += static_cast<size_t>(n);
        }
        std::vector<Reply> replies;
        while (replies.size() < commands.size()) {
            Reply reply;
            const size_t used = parseReply(m_in, &reply);
            if (used == 0) {
                char buffer[65536];
                const ssize_t n = ::recv(m_fd, buffer, sizeof buffer, 0);
                if (n <= 0)
                    fail("redis closed the setup connection");
                m_in.append(buffer, static_cast<size_t>(n));
                continue;
            }
            m_in.erase(0, used);
            if (reply.type == '-')
                fail("redis: " + reply.text);
            replies.push_back(reply);
        }
        return replies;
    }

private:
    int m_fd;
    std::string m_in;
};

std::string numbered(std::string prefix, long long number)
{
    prefix += std::to_string(number);
    return prefix;
}

std::string renewKey(int lease)
{
    return numbered("sem:renew:", lease / 100);
}
std::string renewMember(int lease)
{
    return numbered("seat-", lease);
}

void populate(const Options &options)
{
    SetupConnection connection(options);
    // Far in the future as seen from any clock: these seats only have to stay live for the run.
    const std::string expiry = "9999999999999";
    std::vector<std::string> commands;
    for (int lease = 0; lease < options.leases; lease += 100) {
        std::vector<std::string> args = {"ZADD", renewKey(lease)};
        for (int i = lease; i < std::min(lease + 100, options.leases); ++i) {
            args.push_back(expiry);
            args.push_back(renewMember(i));
        }
        commands.push_back(command(args));
    }
    for (int seat = 0; seat < options.bulk; seat += 1000) {
        std::vector<std::string> args = {"ZADD", numbered("sem:bulk:", seat / 1000)};
        for (int i = seat; i < std::min(seat + 1000, options.bulk); ++i) {
            args.push_back(expiry);
            args.push_back(numbered("bulk-", i));
        }
        commands.push_back(command(args));
    }
    connection.pipeline(commands);
    std::printf("populated %d renewable and %d bulk seats\n", options.leases, options.bulk);
}

struct Scripts
{
    std::string checkout, renew, release;
};

Scripts loadScripts(const Options &options)
{
    SetupConnection connection(options);
    const auto replies
        = connection.pipeline({command({"SCRIPT", "LOAD", checkoutLua}), command({"SCRIPT", "LOAD", renewLua}),
                               command({"SCRIPT", "LOAD", releaseLua})});
    return {replies[0].text, replies[1].text, replies[2].text};
}

struct Stats
{
    std::vector<uint32_t> latenciesUs;
    long long granted = 0, refused = 0, released = 0, renewed = 0, lost = 0, errors = 0;
};

class Worker
{
public:
    Worker(const Options &options, const Scripts &scripts, int firstConnection, int connections)
        : m_options(options)
        , m_scripts(scripts)
        , m_epoll(::epoll_create1(0))
    {
        m_stats.latenciesUs.reserve(1 << 20);
        for (int i = 0; i < connections; ++i) {
            Connection c;
            c.fd = connectTo(options, false);
            c.index = firstConnection + i;
            c.nextLease = (c.index * 37) % std::max(1, options.leases);
            c.nextLicense = c.index % std::max(1, options.licenses);
            m_connections.push_back(std::move(c));
        }
        for (size_t i = 0; i < m_connections.size(); ++i) {
            epoll_event event {};
            event.events = EPOLLIN;
            event.data.u64 = i;
            ::epoll_ctl(m_epoll, EPOLL_CTL_ADD, m_connections[i].fd, &event);
        }
    }
    ~Worker()
    {
        for (auto &c : m_connections)
            ::close(c.fd);
        ::close(m_epoll);
    }
    Worker(const Worker &) = delete;
    Worker &operator=(const Worker &) = delete;

    void run(SteadyClock::time_point end)
    {
        for (auto &c : m_connections)
            sendNext(c);
        epoll_event events[64];
        char buffer[65536];
        while (SteadyClock::now() < end) {
            const int n = ::epoll_wait(m_epoll, events, 64, 50);
            for (int e = 0; e < n; ++e) {
                Connection &c = m_connections[events[e].data.u64];
                const ssize_t got = ::recv(c.fd, buffer, sizeof buffer, 0);
                if (got <= 0) {
                    if (got < 0 && (errno == EAGAIN || errno == EINTR))
                        continue;
                    fail("redis closed a load connection");
                }
                c.in.append(buffer, static_cast<size_t>(got));
                Reply reply;
                const size_t used = parseReply(c.in, &reply);
                if (used == 0)
                    continue;
                c.in.erase(0, used);
                const auto now = SteadyClock::now();
                if (now < end) {
                    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(now - c.sentAt).count();
                    m_stats.latenciesUs.push_back(static_cast<uint32_t>(us));
                    account(c, reply);
                    sendNext(c);
                }
            }
        }
    }

    const Stats &stats() const { return m_stats; }

private:
    struct Connection
    {
        int fd = -1;
        int index = 0;
        std::string in;
        SteadyClock::time_point sentAt;
        int nextLease = 0;
        int nextLicense = 0;
        long long counter = 0;
        enum class Sent { Renew, Checkout, Release } sent = Sent::Renew;
        std::string heldKey, heldMember;
    };

    void account(Connection &c, const Reply &reply)
    {
        if (reply.type == '-') {
            ++m_stats.errors;
            return;
        }
        switch (c.sent) {
        case Connection::Sent::Renew:
            ++(reply.integer == 1 ? m_stats.renewed : m_stats.lost);
            break;
        case Connection::Sent::Checkout:
            if (reply.integer == 1) {
                ++m_stats.granted;
            } else {
                ++m_stats.refused;
                c.heldMember.clear();
            }
            break;
        case Connection::Sent::Release:
            ++m_stats.released;
            c.heldMember.clear();
            break;
        }
    }

    void sendNext(Connection &c)
    {
        std::string request;
        if (m_options.mode == Mode::Renew) {
            const int lease = c.nextLease;
            c.nextLease = (c.nextLease + 1) % m_options.leases;
            c.sent = Connection::Sent::Renew;
            request = command({"EVALSHA", m_scripts.renew, "1", renewKey(lease), renewMember(lease),
                               std::to_string(m_options.ttlMs), std::to_string(m_options.skewMs)});
        } else if (!c.heldMember.empty()) {
            c.sent = Connection::Sent::Release;
            request = command({"EVALSHA", m_scripts.release, "1", c.heldKey, c.heldMember});
        } else {
            c.heldKey = numbered(m_options.prefix + ":", c.nextLicense);
            c.nextLicense = (c.nextLicense + 1) % m_options.licenses;
            c.heldMember = numbered(numbered("c", c.index) + "-", ++c.counter);
            c.sent = Connection::Sent::Checkout;
            request = command({"EVALSHA", m_scripts.checkout, "1", c.heldKey, c.heldMember,
                               std::to_string(m_options.seatCount), std::to_string(m_options.ttlMs),
                               std::to_string(m_options.skewMs)});
        }
        c.sentAt = SteadyClock::now();
        size_t sent = 0;
        while (sent < request.size()) {
            const ssize_t n = ::send(c.fd, request.data() + sent, request.size() - sent, 0);
            if (n < 0 && (errno == EAGAIN || errno == EINTR))
                continue; // a few hundred bytes on loopback: the buffer frees at once
            if (n <= 0)
                fail(std::string("send: ") + std::strerror(errno));
            sent += static_cast<size_t>(n);
        }
    }

    const Options &m_options;
    const Scripts &m_scripts;
    int m_epoll;
    std::vector<Connection> m_connections;
    Stats m_stats;
};

double percentileMs(const std::vector<uint32_t> &sorted, double p)
{
    if (sorted.empty())
        return 0;
    const auto index = static_cast<size_t>(p / 100.0 * static_cast<double>(sorted.size() - 1));
    return sorted[index] / 1000.0;
}

Options parse(int argc, char **argv)
{
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc)
                fail(arg + " needs a value");
            return argv[++i];
        };
        if (arg == "--host")
            options.host = value();
        else if (arg == "--port")
            options.port = std::stoi(value());
        else if (arg == "--connections")
            options.connections = std::stoi(value());
        else if (arg == "--threads")
            options.threads = std::stoi(value());
        else if (arg == "--duration")
            options.duration = std::stod(value());
        else if (arg == "--leases")
            options.leases = std::stoi(value());
        else if (arg == "--bulk")
            options.bulk = std::stoi(value());
        else if (arg == "--licenses")
            options.licenses = std::stoi(value());
        else if (arg == "--seat-count")
            options.seatCount = std::stoi(value());
        else if (arg == "--prefix")
            options.prefix = value();
        else if (arg == "--ttl-ms")
            options.ttlMs = std::stoll(value());
        else if (arg == "--skew-ms")
            options.skewMs = std::stoll(value());
        else if (arg == "--mode") {
            const std::string mode = value();
            if (mode == "populate")
                options.mode = Mode::Populate;
            else if (mode == "renew")
                options.mode = Mode::Renew;
            else if (mode == "pairs")
                options.mode = Mode::Pairs;
            else
                fail("unknown mode " + mode + " (populate, renew, pairs)");
        } else if (arg == "--help") {
            std::printf("usage: bench_redis_semaphore --port P --mode populate|renew|pairs [--connections 64] "
                        "[--threads 2] [--duration 10] [--leases 1000] [--bulk 0] [--licenses 100] "
                        "[--seat-count 1000] [--prefix sem:pairs] [--ttl-ms 3600000] [--skew-ms 5000]\n");
            std::exit(0);
        } else {
            fail("unknown option " + arg);
        }
    }
    if (options.connections < 1 || options.threads < 1 || options.threads > options.connections)
        fail("need 1 <= threads <= connections");
    if (options.leases < 1 || options.licenses < 1 || options.seatCount < 1 || options.duration <= 0)
        fail("leases, licenses, seat-count and duration must be positive");
    return options;
}

int run(int argc, char **argv)
{
    const Options options = parse(argc, argv);
    if (options.mode == Mode::Populate) {
        populate(options);
        return 0;
    }
    const Scripts scripts = loadScripts(options);

    std::vector<std::unique_ptr<Worker>> workers;
    int first = 0;
    for (int t = 0; t < options.threads; ++t) {
        const int count = options.connections / options.threads + (t < options.connections % options.threads ? 1 : 0);
        workers.push_back(std::make_unique<Worker>(options, scripts, first, count));
        first += count;
    }
    const auto start = SteadyClock::now();
    const auto end
        = start + std::chrono::duration_cast<SteadyClock::duration>(std::chrono::duration<double>(options.duration));
    std::vector<std::thread> threads;
    for (auto &worker : workers)
        threads.emplace_back([&worker, end] { worker->run(end); });
    for (auto &thread : threads)
        thread.join();
    const double seconds = std::chrono::duration<double>(SteadyClock::now() - start).count();

    Stats total;
    for (const auto &worker : workers) {
        const Stats &s = worker->stats();
        total.latenciesUs.insert(total.latenciesUs.end(), s.latenciesUs.begin(), s.latenciesUs.end());
        total.granted += s.granted;
        total.refused += s.refused;
        total.released += s.released;
        total.renewed += s.renewed;
        total.lost += s.lost;
        total.errors += s.errors;
    }
    std::sort(total.latenciesUs.begin(), total.latenciesUs.end());
    const auto requests = static_cast<double>(total.latenciesUs.size());
    std::printf("RESULT requests=%.0f seconds=%.3f rps=%.1f p50_ms=%.3f p99_ms=%.3f max_ms=%.3f errors=%lld\n",
                requests, seconds, requests / seconds, percentileMs(total.latenciesUs, 50),
                percentileMs(total.latenciesUs, 99), percentileMs(total.latenciesUs, 100), total.errors + total.lost);
    if (options.mode == Mode::Pairs)
        std::printf("PAIRS granted=%lld refused=%lld released=%lld other=%lld\n", total.granted, total.refused,
                    total.released, total.errors);
    else
        std::printf("RENEW renewed=%lld lost=%lld errors=%lld\n", total.renewed, total.lost, total.errors);
    return 0;
}

} // namespace
} // namespace keyright

int main(int argc, char **argv)
{
    return keyright::run(argc, argv);
}
