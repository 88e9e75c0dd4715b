#pragma once

#include "TlsTrust.h"

#include <QList>
#include <QUrl>

#include <chrono>

class QNetworkAccessManager;

namespace keyright {
class AdminClient;
class Clock;
} // namespace keyright

namespace keyright::cli {

class SignalWatcher;

// What every command shares: where the server is, how long to wait, and the long-lived objects
// owned by CliApplication.
struct CliContext
{
    QUrl serverUrl; // the first instance configured
    QList<QUrl> serverUrls; // every instance (--server repeated, or KEYRIGHT_SERVERS)
    std::chrono::milliseconds timeout {10000};
    // --ca-file, SSL_CERT_FILE and SSL_CERT_DIR: authorities trusted beyond the system's.
    TlsTrust tlsTrust;
    bool json = false;
    QNetworkAccessManager *network = nullptr;
    AdminClient *admin = nullptr;
    const Clock *clock = nullptr;
    SignalWatcher *signalWatcher = nullptr;
};

} // namespace keyright::cli
