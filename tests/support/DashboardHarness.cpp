#include "DashboardHarness.h"

#include "DashboardSession.h"
#include "LeaseTableModel.h"
#include "MainWindow.h"
#include "SeatsPage.h"
#include "SystemClock.h"

#include <QNetworkProxy>
#include <QSortFilterProxyModel>
#include <QTest>

namespace keyright {

DashboardHarness::DashboardHarness()
    : DashboardHarness(Options {})
{ }

DashboardHarness::DashboardHarness(Options options)
    : m_options(std::move(options))
    , m_clock(m_options.clock ? m_options.clock : &SystemClock::instance())
{
    if (!m_options.language.isEmpty())
        m_languages.apply(m_options.language);
    if (m_options.noProxy)
        m_network.setProxy(QNetworkProxy::NoProxy);
    m_settings = std::make_unique<DashboardSettings>(m_dir.filePath(QStringLiteral("admin.ini")));
}

DashboardHarness::~DashboardHarness()
{
    close();
}

MainWindow &DashboardHarness::build()
{
    if (m_window)
        return *m_window;
    m_session = std::make_unique<DashboardSession>(m_network, *m_clock);
    m_window = std::make_unique<MainWindow>(*m_session, *m_settings);
    m_window->setLanguageManager(&m_languages);
    // After the window: its constructor sets the interval the settings name.
    m_session->setPollInterval(m_options.pollInterval);
    m_session->setMaxBackoff(m_options.maxBackoff);
    if (m_options.healthInterval)
        m_session->setHealthInterval(*m_options.healthInterval);
    m_window->resize(m_options.size);
    m_window->show();
    return *m_window;
}

MainWindow &DashboardHarness::open(const QList<QUrl> &urls, QByteArrayView token, const QString &label)
{
    MainWindow &window = build();
    m_session->connectTo(urls, token, label);
    return window;
}

MainWindow &DashboardHarness::open(const QUrl &url, QByteArrayView token, const QString &label)
{
    return open(QList<QUrl> {url}, token, label);
}

void DashboardHarness::close()
{
    if (m_window)
        m_window->close(); // saves the layout, as quitting does
    m_window.reset();
    m_session.reset();
}

DashboardSession &DashboardHarness::session() const
{
    Q_ASSERT(m_session);
    return *m_session;
}

MainWindow &DashboardHarness::window() const
{
    Q_ASSERT(m_window);
    return *m_window;
}

QString DashboardHarness::filePath(const QString &name) const
{
    return m_dir.filePath(name);
}

int DashboardHarness::holderRows() const
{
    return m_window ? m_window->seatsPage()->holdersProxy()->rowCount() : 0;
}

int DashboardHarness::holderRow(const QString &holder) const
{
    if (!m_window)
        return -1;
    const QSortFilterProxyModel *proxy = m_window->seatsPage()->holdersProxy();
    for (int r = 0; r < proxy->rowCount(); ++r) {
        if (proxy->index(r, LeaseTableModel::HolderColumn).data().toString() == holder)
            return r;
    }
    return -1;
}

QVariant DashboardHarness::holderCell(const QString &holder, int column, int role) const
{
    const int r = holderRow(holder);
    if (r < 0)
        return {};
    return m_window->seatsPage()->holdersProxy()->index(r, column).data(role);
}

std::optional<LeaseOutcome> DashboardHarness::checkout(const QUrl &server, const QString &licenseId,
                                                       const QByteArray &key, const QString &holder,
                                                       std::chrono::milliseconds bound)
{
    LeaseClient client(m_network);
    client.setServerUrl(server);
    client.setLicense(licenseId, key);
    QObject context;
    std::optional<LeaseOutcome> outcome;
    client.checkout(holder, &context, [&outcome](const LeaseOutcome &o) { outcome = o; });
    if (!QTest::qWaitFor([&] { return outcome.has_value(); }, int(bound.count())))
        return std::nullopt;
    return outcome;
}

std::optional<LeaseOutcome> DashboardHarness::heartbeat(const QUrl &server, const QString &licenseId,
                                                        const QByteArray &key, const QString &seatId,
                                                        std::chrono::milliseconds bound)
{
    LeaseClient client(m_network);
    client.setServerUrl(server);
    client.setLicense(licenseId, key);
    QObject context;
    std::optional<LeaseOutcome> outcome;
    client.heartbeat(seatId, &context, [&outcome](const LeaseOutcome &o) { outcome = o; });
    if (!QTest::qWaitFor([&] { return outcome.has_value(); }, int(bound.count())))
        return std::nullopt;
    return outcome;
}

std::optional<SeatLease> DashboardHarness::takeSeat(const QUrl &server, const QString &licenseId, const QByteArray &key,
                                                    const QString &holder, std::chrono::milliseconds bound)
{
    const std::optional<LeaseOutcome> outcome = checkout(server, licenseId, key, holder, bound);
    if (!outcome)
        return std::nullopt;
    if (const auto *granted = std::get_if<outcome::Granted>(&*outcome))
        return granted->lease;
    return std::nullopt;
}

} // namespace keyright
