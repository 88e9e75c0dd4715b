#include "AlertTray.h"

#include "StatePalette.h"

#include <QApplication>
#include <QPainter>
#include <QPixmap>
#include <QSystemTrayIcon>

#include <algorithm>
#include <iterator>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

class SystemTrayPresenter final : public AlertTray::Presenter
{
public:
    explicit SystemTrayPresenter(AlertTray *tray)
        : m_icon(new QSystemTrayIcon(tray))
    {
        QObject::connect(m_icon, &QSystemTrayIcon::messageClicked, tray, &AlertTray::activate);
        QObject::connect(m_icon, &QSystemTrayIcon::activated, tray, [tray](QSystemTrayIcon::ActivationReason reason) {
            if (reason == QSystemTrayIcon::Trigger || reason == QSystemTrayIcon::DoubleClick)
                tray->activate();
        });
    }
    void setIcon(const QIcon &icon) override
    {
        m_icon->setIcon(icon);
        m_icon->show();
    }
    void setToolTip(const QString &text) override { m_icon->setToolTip(text); }
    void showMessage(const QString &title, const QString &message, bool critical) override
    {
        m_icon->showMessage(title, message, critical ? QSystemTrayIcon::Critical : QSystemTrayIcon::Warning);
    }

private:
    QSystemTrayIcon *m_icon; // owned by the tray
};

} // namespace

AlertTray::AlertTray(AlertListModel &alerts, QObject *parent)
    : AlertTray(alerts, nullptr, parent)
{ }

AlertTray::AlertTray(AlertListModel &alerts, std::unique_ptr<Presenter> presenter, QObject *parent)
    : QObject(parent)
    , m_alerts(alerts)
    , m_presenter(presenter ? std::move(presenter) : std::make_unique<SystemTrayPresenter>(this))
{
    connect(&alerts, &AlertListModel::firingChanged, this, &AlertTray::update);
    connect(&alerts, &AlertListModel::firingAtStart, this, &AlertTray::tellAtStart);
    connect(&alerts, &AlertListModel::newlyFiring, this, &AlertTray::tell);
    update();
}

AlertTray::~AlertTray() = default;

QIcon AlertTray::iconFor(const QColor &colour)
{
    // A bell-less mark that reads at 16 px: a filled disc in the severity's colour with a ring in
    // the text colour, so it shows on light and dark panels alike.
    QIcon icon;
    for (int size : {16, 22, 32, 48, 64}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        const qreal ring = std::max(1.0, size / 12.0);
        painter.setPen(QPen(QApplication::palette().color(QPalette::WindowText), ring));
        painter.setBrush(colour);
        painter.drawEllipse(QRectF(ring, ring, size - 2 * ring, size - 2 * ring));
        // The key's bit: a short bar in the middle, so the mark is not a plain dot.
        painter.setPen(QPen(QColor(Qt::white), std::max(1.5, size / 8.0), Qt::SolidLine, Qt::RoundCap));
        painter.drawLine(QPointF(size * 0.5, size * 0.28), QPointF(size * 0.5, size * 0.58));
        painter.drawPoint(QPointF(size * 0.5, size * 0.74));
        icon.addPixmap(pixmap);
    }
    return icon;
}

void AlertTray::update()
{
    // Acknowledged alerts still fire, but someone is on them: only the others colour the icon.
    const std::optional<AlertSeverity> worst = m_alerts.worstUnacknowledged();
    const QColor colour
        = worst ? StatePalette::fill(AlertListModel::severityRole(*worst)) : StatePalette::fill(StatePalette::Muted);
    // A simulator sandbox's alerts are training furniture: the page lists them, the tray does not count them.
    int firing = 0;
    for (int row = 0; row < m_alerts.rowCount(); ++row)
        firing += m_alerts.rowAt(row).firing() && !m_alerts.rowAt(row).aboutSandbox() ? 1 : 0;
    const int open = m_alerts.unacknowledgedCount();
    if (firing == 0)
        m_presenter->setToolTip(tr("Keyright: no alert firing"));
    else if (open == 0)
        m_presenter->setToolTip(tr("Keyright: %n alert(s) firing, all acknowledged", nullptr, firing));
    else if (open < firing)
        m_presenter->setToolTip(tr("Keyright: %n alert(s) firing not acknowledged, the worst %1", nullptr, open)
                                    .arg(AlertListModel::severityLabel(*worst)));
    else
        m_presenter->setToolTip(tr("Keyright: %n alert(s) firing, the worst %1", nullptr, firing)
                                    .arg(AlertListModel::severityLabel(*worst)));
    if (colour == m_colour)
        return;
    m_colour = colour;
    m_presenter->setIcon(iconFor(colour));
}

void AlertTray::tellAtStart(const QList<AlertRow> &all)
{
    QList<AlertRow> rows;
    std::copy_if(all.cbegin(), all.cend(), std::back_inserter(rows),
                 [](const AlertRow &row) { return !row.acknowledged() && !row.aboutSandbox(); });
    if (rows.isEmpty())
        return;
    if (rows.size() == 1) {
        tell(rows);
        return;
    }
    bool critical = false;
    for (const AlertRow &row : rows)
        critical = critical || row.severity == AlertSeverity::Critical;
    m_notifiedKey = rows.constFirst().key; // the most severe: the list comes sorted so
    m_presenter->showMessage(tr("%n alert(s) firing", nullptr, int(rows.size())),
                             tr("The first: %1").arg(rows.constFirst().sentence), critical);
}

void AlertTray::tell(const QList<AlertRow> &rows)
{
    for (const AlertRow &row : rows) {
        if (row.acknowledged() || row.aboutSandbox())
            continue; // someone is on it already, or a simulator sandbox's staged seats
        m_notifiedKey = row.key;
        const QString title = row.licenseId.isEmpty()
            ? tr("Alert (%1)").arg(AlertListModel::severityLabel(row.severity))
            : tr("Alert on %1 (%2)").arg(row.licenseId, AlertListModel::severityLabel(row.severity));
        m_presenter->showMessage(title, row.sentence, row.severity == AlertSeverity::Critical);
    }
}

void AlertTray::activate()
{
    Q_EMIT openRequested(m_notifiedKey);
}

} // namespace keyright
