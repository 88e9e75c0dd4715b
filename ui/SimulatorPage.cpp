#include "SimulatorPage.h"

#include "ConnectionProfile.h"
#include "DashboardSession.h"
#include "DashboardSettings.h"
#include "DemoCatalogue.h"
#include "simulator/SandboxProvisioner.h"
#include "simulator/Simulation.h"
#include "simulator/SimulatorView.h"

#include <QDir>
#include <QEvent>
#include <QLabel>
#include <QStackedLayout>

namespace keyright {

using namespace Qt::StringLiterals;

SimulatorPage::SimulatorPage(const PageContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_stack(new QStackedLayout(this))
    , m_placeholder(new QLabel(this))
{
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_stack->addWidget(m_placeholder);
    retranslate();

    DashboardSession &session = context.session;
    connect(&session, &DashboardSession::clientChanged, this, &SimulatorPage::rebuild);
    rebuild(session.client());
}

SimulatorPage::~SimulatorPage() = default;

SimulatorView *SimulatorPage::view() const
{
    return m_view;
}

void SimulatorPage::rebuild(AdminClient *client)
{
    // The old view holds a reference to the previous admin client: it goes first.
    delete m_view;
    if (!client) {
        m_stack->setCurrentWidget(m_placeholder);
        return;
    }
    DashboardSession &session = m_context.session;
    // The simulator's "server" clock is the dashboard's: one estimate, fed by both.
    auto *view = new SimulatorView(session.network(), *client, session.serverClock(), this);
    // Sandboxes of this dashboard's own: another dashboard playing the same scenario on this
    // server does not reset this one's run, and a second dashboard of the same profile (same
    // settings, same suffix) takes sandboxes of its own instead of resetting this one's. The
    // simulated laptops' borrowed lease files are kept there, so a seat one still holds when the
    // dashboard is killed is given back at the next run.
    DashboardSettings &settings = m_context.profiles.settings();
    view->simulation().claimSandbox(settings.dataDirectory() + u"/simulator"_s,
                                    SandboxProvisioner::ownSuffix(settings));
    const EmbeddedServerInfo &embedded = m_context.embedded;
    if (session.serverUrl() == embedded.url && !embedded.dataDir.isEmpty()) {
        view->setDemoKeyDirectory(QDir(embedded.dataDir).filePath(DemoCatalogue::keyDirectoryName()));
        // Only a server this process runs can have its clock moved.
        view->simulation().player().setServerClockJumper(embedded.jumpServerClock);
        // And only one that runs here can have instances killed and brought back.
        view->simulation().player().setInstanceHooks(embedded.instances);
    }
    m_view = view;
    m_stack->addWidget(view);
    m_stack->setCurrentWidget(view);
}

void SimulatorPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void SimulatorPage::retranslate()
{
    m_placeholder->setText(tr("Connect to a lease server to run simulated clients against it."));
}

} // namespace keyright
