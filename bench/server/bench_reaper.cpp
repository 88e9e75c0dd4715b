// The reaper at scale: a store holding N leases that all expired long ago (past their reap
// grace), a lease server on it, and a steady request load while one sweep deletes them. Reports
// the sweep's duration and the latency of the requests that overlapped it, next to the latency
// before the sweep. The server answers on one event loop: the periodic sweep (the default,
// --mode yielding) gives it back after every chunk of --chunk-rows rows, so a request waits for
// one chunk at most; --mode blocking runs the same chunks back to back (LeaseReaper::sweep(), as
// the admin force reap does), and every request that arrives meanwhile waits for all of them.
//
// The expired rows go straight into the store through SqliteLeaseStore (the server's own class),
// in one transaction, because checking out 100,000 seats over HTTP and waiting for them to expire
// would cost minutes and measure nothing.

#include "Crypto.h"
#include "LeaseServer.h"
#include "LeaseSigner.h"
#include "SeatPolicy.h"
#include "ServerConfig.h"
#include "SystemClock.h"
#include "seats/LeaseReaper.h"
#include "seats/LicenseAdmin.h"
#include "seats/SeatService.h"
#include "store/SqliteLeaseStore.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace Qt::StringLiterals;

namespace keyright {

using namespace keyright::server;
namespace {

using SteadyClock = std::chrono::steady_clock;

const QString reapLicenseId = u"reap-bench"_s;

struct Sample
{
    SteadyClock::time_point sent;
    SteadyClock::time_point answered;
};

// Inserts `count` leases of one license that expired an hour ago (far past their grace).
bool prepareStore(const QString &path, int count, QString *error)
{
    SqliteLeaseStore store(path);
    if (!store.open(error))
        return false;
    ValidationError invalid;
    const auto policy = SeatPolicy::create(std::max(count, 1), std::chrono::seconds {60}, std::chrono::seconds {5},
                                           std::chrono::seconds {10}, &invalid);
    if (!policy) {
        *error = u"bad policy"_s;
        return false;
    }
    const auto signer = LeaseSigner::generate();
    const QDateTime expired = SystemClock::instance().now().addSecs(-3600);
    try {
        store.withStore([&] {
            store.insertLicense({reapLicenseId, u"Reaper benchmark"_s, *policy,
                                 crypto::hashSecret(LicenseAdmin::generateLicenseKey().toUtf8()),
                                 static_cast<quint64>(count)});
            for (int i = 0; i < count; ++i) {
                SeatLease lease;
                lease.licenseId = reapLicenseId;
                lease.seatId = crypto::randomHex(16);
                lease.holder = u"user%1@bench"_s.arg(i);
                lease.generation = static_cast<quint64>(i + 1);
                lease.expiresAt = expired.addMSecs(i);
                lease.issuedAt = lease.expiresAt.addSecs(-60);
                store.insertLease({signer->signLease(lease), QString()});
            }
        });
    } catch (const StoreError &failure) {
        *error = QString::fromUtf8(failure.what());
        return false;
    }
    store.close();
    return true;
}

// One keep-alive connection sending GET /v1/time in a loop until told to stop.
void loadLoop(quint16 port, const std::atomic<bool> &stop, std::vector<Sample> *samples)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
        std::fprintf(stderr, "bench_reaper: cannot connect to the server: %s\n", std::strerror(errno));
        if (fd >= 0)
            ::close(fd);
        return;
    }
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    static constexpr char request[] = "GET /v1/time HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    std::string in;
    char buffer[16384];
    while (!stop.load(std::memory_order_relaxed)) {
        const auto sent = SteadyClock::now();
        if (::send(fd, request, sizeof request - 1, MSG_NOSIGNAL) != static_cast<ssize_t>(sizeof request - 1))
            break;
        // Headers, then Content-Length bytes of body.
        size_t needed = std::string::npos;
        while (needed == std::string::npos || in.size() < needed) {
            const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0) {
                ::close(fd);
                return;
            }
            in.append(buffer, static_cast<size_t>(n));
            const size_t headerEnd = in.find("\r\n\r\n");
            if (needed == std::string::npos && headerEnd != std::string::npos) {
                size_t length = 0;
                const size_t at = in.find("ontent-Length:");
                if (at != std::string::npos && at < headerEnd)
                    length = std::strtoul(in.c_str() + at + 15, nullptr, 10);
                needed = headerEnd + 4 + length;
            }
        }
        in.erase(0, needed);
        samples->push_back({sent, SteadyClock::now()});
    }
    ::close(fd);
}

double ms(SteadyClock::duration d)
{
    return std::chrono::duration<double, std::milli>(d).count();
}

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[static_cast<size_t>(p / 100.0 * static_cast<double>(values.size() - 1))];
}

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int leases = 100000;
    int connections = 16;
    int settleMs = 2000;
    int chunkRows = LeaseReaper::reapChunkRows;
    bool yielding = true;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i + 1 < args.size(); i += 2) {
        if (args[i] == "--leases"_L1)
            leases = std::max(1, args[i + 1].toInt());
        else if (args[i] == "--connections"_L1)
            connections = std::max(1, args[i + 1].toInt());
        else if (args[i] == "--settle-ms"_L1)
            settleMs = std::max(100, args[i + 1].toInt());
        else if (args[i] == "--chunk-rows"_L1)
            chunkRows = std::max(1, args[i + 1].toInt());
        else if (args[i] == "--mode"_L1)
            yielding = args[i + 1] != "blocking"_L1;
    }

    QTemporaryDir dir;
    if (!dir.isValid()) {
        std::fprintf(stderr, "bench_reaper: no temporary directory\n");
        return 1;
    }
    QString error;
    QElapsedTimer prepareTimer;
    prepareTimer.start();
    if (!prepareStore(QDir(dir.path()).filePath(u"keyright.sqlite"_s), leases, &error)) {
        std::fprintf(stderr, "bench_reaper: preparing the store failed: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("prepared %d expired leases in %lld ms\n", leases, static_cast<long long>(prepareTimer.elapsed()));

    ServerConfig config;
    config.port = 0;
    config.dataDir = dir.path();
    config.reapInterval = std::chrono::seconds {0}; // only the sweep we time
    LeaseServer server(config, SystemClock::instance());
    if (!server.start(&error)) {
        std::fprintf(stderr, "bench_reaper: the server did not start: %s\n", qPrintable(error));
        return 1;
    }

    std::atomic<bool> stop {false};
    std::vector<std::vector<Sample>> samples(static_cast<size_t>(connections));
    std::vector<std::thread> clients;
    for (int c = 0; c < connections; ++c) {
        samples[static_cast<size_t>(c)].reserve(1 << 18);
        clients.emplace_back(loadLoop, server.port(), std::cref(stop), &samples[static_cast<size_t>(c)]);
    }

    SteadyClock::time_point sweepStart, sweepEnd;
    int reaped = -1;
    LeaseReaper *reaper = server.reaper();
    reaper->setChunkRows(chunkRows);
    const auto ended = [&](int seats) {
        sweepEnd = SteadyClock::now();
        reaped = seats;
        QTimer::singleShot(settleMs, &app, [&] { app.quit(); });
    };
    QObject::connect(reaper, &LeaseReaper::swept, &app, [&](int seats, int) {
        if (yielding)
            ended(seats);
    });
    QTimer::singleShot(settleMs, &app, [&] {
        sweepStart = SteadyClock::now();
        if (yielding)
            reaper->startSweep();
        else
            ended(reaper->sweep());
    });
    // A sweep that fails never says swept(): give up rather than run forever.
    QTimer::singleShot(std::chrono::minutes {10}, &app, [&] { app.quit(); });
    app.exec();
    stop = true;
    // Each client may still wait for an answer that only this event loop can give: keep it
    // turning until they have all seen theirs and stopped.
    std::atomic<bool> joined {false};
    std::thread stopper([&] {
        for (auto &client : clients)
            client.join();
        joined = true;
    });
    while (!joined)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    stopper.join();

    const auto left = server.seats()->leaseListing(reapLicenseId);
    const qsizetype remaining = left ? left->leases.size() : -1;
    server.stop();

    std::vector<double> before, during;
    for (const auto &connection : samples) {
        for (const Sample &s : connection) {
            if (s.answered < sweepStart)
                before.push_back(ms(s.answered - s.sent));
            else if (s.sent <= sweepEnd && s.answered >= sweepStart)
                during.push_back(ms(s.answered - s.sent));
        }
    }
    const double sweepMs = ms(sweepEnd - sweepStart);
    std::printf("sweep (%s, chunks of %d rows): %d reaped in %.0f ms (%.0f leases/s); %lld rows left\n",
                yielding ? "yielding" : "blocking", chunkRows, reaped, sweepMs,
                reaped > 0 ? reaped / (sweepMs / 1000.0) : 0.0, static_cast<long long>(remaining));
    std::printf("GET /v1/time on %d connections: before the sweep p50 %.2f ms, p99 %.2f ms (%zu requests); "
                "overlapping the sweep p50 %.2f ms, p99 %.2f ms, max %.0f ms (%zu requests)\n",
                connections, percentile(before, 50), percentile(before, 99), before.size(), percentile(during, 50),
                percentile(during, 99), percentile(during, 100), during.size());
    std::printf("REAPER leases=%d reaped=%d remaining=%lld mode=%s chunk_rows=%d sweep_ms=%.1f base_p50_ms=%.3f "
                "base_p99_ms=%.3f during_requests=%zu during_p50_ms=%.2f during_p99_ms=%.2f during_max_ms=%.1f\n",
                leases, reaped, static_cast<long long>(remaining), yielding ? "yielding" : "blocking", chunkRows,
                sweepMs, percentile(before, 50), percentile(before, 99), during.size(), percentile(during, 50),
                percentile(during, 99), percentile(during, 100));
    return reaped == leases && remaining == 0 ? 0 : 1;
}

} // namespace
} // namespace keyright

int main(int argc, char **argv)
{
    return keyright::run(argc, argv);
}
