#pragma once

#include "PageContext.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QStackedLayout;

namespace keyright {

class AdminClient;
class SimulatorView;

// The Simulator tab of the main window. A SimulatorView talks to one server through one admin
// client, and the session replaces its admin client on every connection; so this page builds a
// fresh view for each connection (loading the embedded server's demo keys when that is the
// server), and says what to do while there is none.
class SimulatorPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SimulatorPage)

public:
    explicit SimulatorPage(const PageContext &context, QWidget *parent = nullptr);
    ~SimulatorPage() override;

    SimulatorView *view() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild(AdminClient *client);
    void retranslate();

    PageContext m_context;
    QStackedLayout *m_stack = nullptr;
    QLabel *m_placeholder = nullptr;
    QPointer<SimulatorView> m_view;
};

} // namespace keyright
