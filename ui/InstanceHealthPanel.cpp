#include "InstanceHealthPanel.h"

#include "DashboardSession.h"
#include "InstanceHealthModel.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace keyright {

InstanceHealthPanel::InstanceHealthPanel(DashboardSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_summary(new QLabel(this))
    , m_view(new QTableView(this))
{
    setObjectName(u"instanceHealth"_s);
    m_summary->setObjectName(u"instanceHealthSummary"_s);
    // Wrapped: one long line made the whole Fleet page wider than its tab at 1280x720 and 150 %.
    m_summary->setWordWrap(true);
    m_view->setObjectName(u"instanceHealthView"_s);
    m_view->setModel(&session.instanceHealth());
    m_view->setSelectionMode(QAbstractItemView::NoSelection);
    m_view->setFocusPolicy(Qt::NoFocus); // nothing to select or edit: no focus frame on a cell
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    // Every column as wide as its header and cells, the last error's too: stretched to the room
    // left, "Dernière erreur" was cut in its header at 1280x720 and 150 % (walk 47). The known
    // errors are short now (in the interface's language); a long one scrolls.
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->setWordWrap(false);
    m_view->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);

    connect(&session, &DashboardSession::instancesChanged, this, &InstanceHealthPanel::updateSummary);
    connect(&session, &DashboardSession::clientChanged, this, &InstanceHealthPanel::updateSummary);
    connect(&session.instanceHealth(), &QAbstractItemModel::modelReset, this, &InstanceHealthPanel::fitHeight);
    updateSummary();
    fitHeight();
}

void InstanceHealthPanel::fitHeight()
{
    const int rows = m_view->model()->rowCount();
    const int row = m_view->verticalHeader()->defaultSectionSize();
    const int height = m_view->horizontalHeader()->sizeHint().height() + std::max(rows, 1) * row
        + 2 * m_view->frameWidth() + m_view->horizontalScrollBar()->sizeHint().height();
    m_view->setFixedHeight(height);
}

void InstanceHealthPanel::changeEvent(QEvent *event)
{
    // The summary is written from the session's numbers, not kept as a source text: written again
    // in the new language at once, not at the next change of an instance (which may never come).
    if (event->type() == QEvent::LanguageChange)
        updateSummary();
    QWidget::changeEvent(event);
}

void InstanceHealthPanel::updateSummary()
{
    const int count = m_session.instanceCount();
    setVisible(count > 1);
    // %n is the number up: "1 instance sur 2" in French.
    QString text
        = tr("<b>Instances of this site</b>: %n of %1 up; requests go to %2.", nullptr, m_session.instancesUp())
              .arg(count)
              .arg(m_session.serverUrl().toDisplayString().toHtmlEscaped());
    if (const int withoutDatabase = m_session.instancesWithoutDatabase(); withoutDatabase > 0)
        text += u' ' + tr("%n answer(s) but cannot reach the database.", nullptr, withoutDatabase);
    m_summary->setText(text);
}

} // namespace keyright
