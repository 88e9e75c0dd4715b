// The physical ceiling for signed renewals: how many leases one core can sign per second with
// LeaseSigner, building the signed bytes each time as the server must, and how that scales across
// the machine's cores. Each figure is the median of several runs.

#include "LeaseBytes.h"
#include "LeaseSigner.h"
#include "SeatLease.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <time.h>
#include <vector>

using namespace Qt::StringLiterals;

namespace keyright {
namespace {

using SteadyClock = std::chrono::steady_clock;

SeatLease sampleLease()
{
    SeatLease lease;
    lease.licenseId = u"acme-cad"_s;
    lease.seatId = u"3f2a9c0d4e5b6a7f8091a2b3c4d5e6f7"_s;
    lease.holder = u"alice@ws-12"_s;
    lease.generation = 4242;
    // A fixed instant: the benchmark needs realistic field sizes, not the time of day.
    lease.issuedAt = QDateTime::fromMSecsSinceEpoch(1'795'000'000'000, Qt::UTC);
    lease.expiresAt = lease.issuedAt.addSecs(60);
    return lease;
}

enum class Work { BytesOnly, SignOnly, BytesAndSign };

double threadCpuSeconds()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

// Operations per second of this thread's CPU time, over `seconds` of wall time. CPU time, not wall
// time: on a machine shared with compilers the scheduler would otherwise decide the figure.
double measure(const LeaseSigner &signer, Work work, double seconds)
{
    SeatLease lease = sampleLease();
    const QByteArray fixedBytes = leaseSigningBytes(lease);
    long long operations = 0;
    qsizetype sink = 0;
    const double cpuStart = threadCpuSeconds();
    const auto start = SteadyClock::now();
    const auto end = start + std::chrono::duration_cast<SteadyClock::duration>(std::chrono::duration<double>(seconds));
    while (SteadyClock::now() < end) {
        for (int i = 0; i < 256; ++i) {
            // A new expiry each time so nothing can be cached between iterations.
            lease.expiresAt = lease.expiresAt.addMSecs(1);
            switch (work) {
            case Work::BytesOnly:
                sink += leaseSigningBytes(lease).size();
                break;
            case Work::SignOnly:
                sink += signer.sign(fixedBytes).size();
                break;
            case Work::BytesAndSign:
                sink += signer.signLease(lease).signature.size();
                break;
            }
        }
        operations += 256;
    }
    const double elapsed = threadCpuSeconds() - cpuStart;
    if (sink == 0)
        std::puts(""); // keeps the work observable to the optimizer
    return static_cast<double>(operations) / elapsed;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// Every thread signs at once; the sum of the per-CPU-second rates is what all cores would sign if
// they were free (it shows whether signing scales, e.g. no shared lock in LeaseSigner).
double measureParallel(const LeaseSigner &signer, int threads, double seconds)
{
    std::vector<double> rates(static_cast<size_t>(threads));
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] { rates[static_cast<size_t>(t)] = measure(signer, Work::BytesAndSign, seconds); });
    for (auto &worker : workers)
        worker.join();
    double total = 0;
    for (double rate : rates)
        total += rate;
    return total;
}

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    int runs = 5;
    double seconds = 2.0;
    for (qsizetype i = 1; i + 1 < args.size(); i += 2) {
        if (args[i] == "--runs"_L1)
            runs = std::max(1, args[i + 1].toInt());
        else if (args[i] == "--seconds"_L1)
            seconds = std::max(0.1, args[i + 1].toDouble());
    }
    const auto signer = LeaseSigner::generate();
    if (!signer) {
        std::fprintf(stderr, "bench_signing: no signing key (libsodium unusable)\n");
        return 1;
    }
    const int cores = std::max(1u, std::thread::hardware_concurrency());

    std::vector<double> bytes, sign, both, parallel;
    for (int r = 0; r < runs; ++r) {
        bytes.push_back(measure(*signer, Work::BytesOnly, seconds));
        sign.push_back(measure(*signer, Work::SignOnly, seconds));
        both.push_back(measure(*signer, Work::BytesAndSign, seconds));
        parallel.push_back(measureParallel(*signer, cores, seconds));
    }
    const double bothRate = median(both);
    std::printf("bench_signing: median of %d runs of %.1f s each, per second of CPU time\n", runs, seconds);
    std::printf("%-44s %12.0f /s  (%.2f us each)\n", "leaseSigningBytes only, 1 thread", median(bytes),
                1e6 / median(bytes));
    std::printf("%-44s %12.0f /s  (%.2f us each)\n", "Ed25519 sign of fixed bytes, 1 thread", median(sign),
                1e6 / median(sign));
    std::printf("%-44s %12.0f /s  (%.2f us each)\n", "signLease (bytes + sign), 1 thread", bothRate, 1e6 / bothRate);
    std::printf("%-44s %12.0f /s  (%d threads, %.0f /s per core)\n", "signLease, all cores at once", median(parallel),
                cores, median(parallel) / cores);
    std::printf("SIGNING per_core=%.0f all_cores=%.0f cores=%d\n", bothRate, median(parallel), cores);
    return 0;
}

} // namespace
} // namespace keyright

int main(int argc, char **argv)
{
    return keyright::run(argc, argv);
}
