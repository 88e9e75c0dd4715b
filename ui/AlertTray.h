#pragma once

#include "AlertListModel.h"

#include <QColor>
#include <QIcon>
#include <QObject>
#include <QPointer>

#include <memory>

class QSystemTrayIcon;

namespace keyright {

// The dashboard's tray icon while it runs (issue 29): drawn in the colour of the most severe alert
// firing that nobody has acknowledged (neutral when none), a desktop notification once for each
// alert that begins firing (one summary for those already firing when the dashboard connects,
// leaving out those already acknowledged), and a click on either asking for the window on the
// Alerts page with that alert (openRequested).
//
// What is shown goes through a Presenter: the QSystemTrayIcon one, or a test's, which records
// (offscreen has no tray).
class AlertTray final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertTray)

public:
    class Presenter
    {
    public:
        virtual ~Presenter() = default;
        virtual void setIcon(const QIcon &icon) = 0;
        virtual void setToolTip(const QString &text) = 0;
        virtual void showMessage(const QString &title, const QString &message, bool critical) = 0;
    };

    // Over a QSystemTrayIcon (shown at once).
    explicit AlertTray(AlertListModel &alerts, QObject *parent = nullptr);
    AlertTray(AlertListModel &alerts, std::unique_ptr<Presenter> presenter, QObject *parent = nullptr);
    ~AlertTray() override;

    // The colour the icon is drawn in now.
    QColor colour() const { return m_colour; }
    // The alert the last notification was about (empty: a summary, or none yet).
    QString notifiedKey() const { return m_notifiedKey; }
    static QIcon iconFor(const QColor &colour);

public Q_SLOTS:
    // The notification or the icon was clicked: the window shows the last alert told.
    void activate();

Q_SIGNALS:
    // Show the window on the Alerts page, with this alert selected (empty: none in particular).
    void openRequested(const QString &alertKey);

private:
    void update();
    void tellAtStart(const QList<AlertRow> &rows);
    void tell(const QList<AlertRow> &rows);

    AlertListModel &m_alerts;
    std::unique_ptr<Presenter> m_presenter;
    QColor m_colour;
    QString m_notifiedKey;
};

} // namespace keyright
