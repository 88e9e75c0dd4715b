#pragma once

#include "DashboardSettings.h"
#include "LanguageManager.h"
#include "LeaseClient.h"

#include <QByteArray>
#include <QList>
#include <QNetworkAccessManager>
#include <QSize>
#include <QTemporaryDir>
#include <QUrl>
#include <QVariant>

#include <chrono>
#include <memory>
#include <optional>

namespace keyright {

class Clock;
class DashboardSession;
class MainWindow;

// The dashboard as app/main.cpp builds it, for the widget tests that drive the whole window: one
// network manager, settings in an INI file of a temporary folder, a DashboardSession on the test's
// clock and the real MainWindow over it, in a fixed language and size, shown. It owns no server: a
// test brings its own (TestServer, FaultProxys in front of one, an InstanceCluster) and opens the
// window on its URLs.
//
// The window can be closed and opened again on the same settings and network (a dashboard
// restarted by its user). Everything is torn down in the order the application would: window,
// session, then the network and the settings file.
class DashboardHarness final
{
public:
    struct Options
    {
        // The local clock of the session (a ManualClock the test moves). Null: the system clock.
        const Clock *clock = nullptr;
        // Short enough that a test sees a change within a few hundred milliseconds.
        std::chrono::milliseconds pollInterval {200};
        std::chrono::milliseconds maxBackoff {800};
        // How often each instance of a site is probed; unset: the session's default.
        std::optional<std::chrono::milliseconds> healthInterval {};
        QSize size {1280, 720};
        // The interface language ("en", "fr"), applied when the harness is made. Empty: the
        // harness leaves the translations alone (a test that switches them with its own manager).
        QString language {QStringLiteral("en")};
        // No proxy from the environment: the tests talk to loopback servers and FaultProxys.
        bool noProxy = true;
    };

    DashboardHarness();
    explicit DashboardHarness(Options options);
    ~DashboardHarness();
    DashboardHarness(const DashboardHarness &) = delete;
    DashboardHarness &operator=(const DashboardHarness &) = delete;

    // Builds the session and the window (when not open yet), shows the window and connects to
    // `urls` with `token`; the label is what the status bar calls the server.
    MainWindow &open(const QList<QUrl> &urls, QByteArrayView token,
                     const QString &label = QStringLiteral("test server"));
    MainWindow &open(const QUrl &url, QByteArrayView token, const QString &label = QStringLiteral("test server"));
    // Builds the session and the window without connecting them (a test that connects itself).
    MainWindow &build();
    // The window and the session go, as when the dashboard quits (the window saves its layout);
    // the settings and the network stay.
    void close();
    bool isOpen() const { return m_window != nullptr; }

    DashboardSession &session() const;
    MainWindow &window() const;
    DashboardSettings &settings() { return *m_settings; }
    QNetworkAccessManager &network() { return m_network; }
    LanguageManager &languages() { return m_languages; }
    const Clock &clock() const { return *m_clock; }
    // A file in the harness's own temporary folder (exports, token files, a second settings file).
    QString filePath(const QString &name) const;

    // The holders table as the person sees it (the sorted, filtered proxy): its row count, the
    // row of a holder (-1 when not shown) and one cell of that row.
    int holderRows() const;
    int holderRow(const QString &holder) const;
    QVariant holderCell(const QString &holder, int column, int role = Qt::DisplayRole) const;

    // An application taking, or renewing, a seat through this machine's network: waits at most
    // `bound` for the answer; nullopt when none came.
    std::optional<LeaseOutcome> checkout(const QUrl &server, const QString &licenseId, const QByteArray &key,
                                         const QString &holder,
                                         std::chrono::milliseconds bound = std::chrono::seconds {5});
    std::optional<LeaseOutcome> heartbeat(const QUrl &server, const QString &licenseId, const QByteArray &key,
                                          const QString &seatId,
                                          std::chrono::milliseconds bound = std::chrono::seconds {5});
    // The lease of a granted checkout, else nullopt.
    std::optional<SeatLease> takeSeat(const QUrl &server, const QString &licenseId, const QByteArray &key,
                                      const QString &holder,
                                      std::chrono::milliseconds bound = std::chrono::seconds {5});

private:
    Options m_options;
    const Clock *m_clock;
    LanguageManager m_languages;
    QTemporaryDir m_dir;
    QNetworkAccessManager m_network;
    std::unique_ptr<DashboardSettings> m_settings;
    std::unique_ptr<DashboardSession> m_session;
    std::unique_ptr<MainWindow> m_window;
};

} // namespace keyright
