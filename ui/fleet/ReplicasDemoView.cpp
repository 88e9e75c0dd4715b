#include "ReplicasDemoView.h"

#include "StatePalette.h"
#include "fleet/ReplicasDemo.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// Highlights are set through a dynamic property and one style sheet, so the colours stay
// readable whichever font size is in use; the colours come from the state palette of the theme.
QString verdictStyle()
{
    const auto rule = [](const char *verdict, StatePalette::Role role) {
        return u"QLabel[verdict=\"%1\"] { background: %2; color: %3; border-radius: 4px; padding: 2px 6px; }\n"_s.arg(
            QLatin1StringView(verdict), StatePalette::background(role).name(), StatePalette::colour(role).name());
    };
    return rule("wrong", StatePalette::Failed) + rule("right", StatePalette::Live) + rule("behind", StatePalette::Stale)
        + u"QLabel#narrationLabel { background: %1; border: 1px solid %2; border-radius: 6px; padding: 8px; }"_s.arg(
            StatePalette::background(StatePalette::Accent).name(), StatePalette::colour(StatePalette::Accent).name());
}

void setVerdict(QLabel *label, const char *verdict)
{
    if (label->property("verdict").toString() == QLatin1StringView(verdict))
        return;
    label->setProperty("verdict", QLatin1StringView(verdict).toString());
    label->style()->unpolish(label);
    label->style()->polish(label);
}

QString formatMap(const GCounter::State &state)
{
    if (state.isEmpty())
        return ReplicasDemoView::tr("(empty)");
    QStringList parts;
    for (auto it = state.cbegin(); it != state.cend(); ++it)
        parts.append(u"%1 %2"_s.arg(it.key()).arg(it.value()));
    return parts.join(u" · "_s);
}

} // namespace

ReplicasDemoView::ReplicasDemoView(ReplicasDemo *demo, QWidget *parent)
    : QWidget(parent)
    , m_demo(demo ? demo : new ReplicasDemo(this))
{
    buildUi();
    retranslateUi();
    applyFonts();
    connect(m_demo, &ReplicasDemo::changed, this, &ReplicasDemoView::refresh);
    refresh();
}

ReplicasDemoView::~ReplicasDemoView() = default;

void ReplicasDemoView::setLargeFonts(bool large)
{
    if (m_largeFontsCheck->isChecked() != large)
        m_largeFontsCheck->setChecked(large); // toggled() comes back here
    m_largeFonts = large;
    applyFonts();
}

void ReplicasDemoView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        m_demo->retranslate(); // the narration; emits changed(), which refreshes
        refresh();
    }
    QWidget::changeEvent(event);
}

void ReplicasDemoView::buildUi()
{
    setStyleSheet(verdictStyle());
    auto *layout = new QVBoxLayout(this);

    auto *bar = new QHBoxLayout;
    m_presetCombo = new QComboBox(this);
    m_presetCombo->setObjectName(u"presetCombo"_s);
    m_presetCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_nextStepButton = new QPushButton(this);
    m_nextStepButton->setObjectName(u"nextStepButton"_s);
    m_stepLabel = new QLabel(this);
    m_stepLabel->setObjectName(u"stepLabel"_s);
    m_resetButton = new QPushButton(this);
    m_resetButton->setObjectName(u"resetButton"_s);
    m_largeFontsCheck = new QCheckBox(this);
    m_largeFontsCheck->setObjectName(u"largeFontsCheck"_s);
    m_trueTotalLabel = new QLabel(this);
    m_trueTotalLabel->setObjectName(u"trueTotalLabel"_s);
    bar->addWidget(m_presetCombo);
    bar->addWidget(m_nextStepButton);
    bar->addWidget(m_stepLabel);
    bar->addStretch();
    bar->addWidget(m_trueTotalLabel);
    bar->addSpacing(24);
    bar->addWidget(m_largeFontsCheck);
    bar->addWidget(m_resetButton);
    layout->addLayout(bar);

    m_narrationLabel = new QLabel(this);
    m_narrationLabel->setObjectName(u"narrationLabel"_s);
    m_narrationLabel->setWordWrap(true);
    m_narrationLabel->setMinimumHeight(64);
    m_narrationLabel->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    layout->addWidget(m_narrationLabel);

    auto *columns = new QHBoxLayout;
    for (int r = 0; r < ReplicasDemo::ReplicaCount; ++r) {
        const QString name = m_demo->replica(r).name;
        Column column;
        column.box = new QGroupBox(name, this);
        column.box->setObjectName(u"replicaBox_"_s + name);
        auto *grid = new QGridLayout(column.box);
        int row = 0;
        column.idLabel = new QLabel(column.box);
        column.idLabel->setObjectName(u"idLabel_"_s + name);
        grid->addWidget(column.idLabel, row++, 0, 1, 2);
        column.mapLabel = new QLabel(column.box);
        column.mapLabel->setObjectName(u"mapLabel_"_s + name);
        column.mapLabel->setWordWrap(true);
        grid->addWidget(column.mapLabel, row++, 0, 1, 2);
        column.totalCaption = new QLabel(column.box);
        column.totalLabel = new QLabel(column.box);
        column.totalLabel->setObjectName(u"totalLabel_"_s + name);
        grid->addWidget(column.totalCaption, row, 0);
        grid->addWidget(column.totalLabel, row++, 1);
        column.verdictLabel = new QLabel(column.box);
        column.verdictLabel->setObjectName(u"verdictLabel_"_s + name);
        column.verdictLabel->setWordWrap(true);
        grid->addWidget(column.verdictLabel, row++, 0, 1, 2);
        column.naiveSumLabel = new QLabel(column.box);
        column.naiveSumLabel->setObjectName(u"naiveSumLabel_"_s + name);
        grid->addWidget(column.naiveSumLabel, row++, 0, 1, 2);
        column.naiveMaxLabel = new QLabel(column.box);
        column.naiveMaxLabel->setObjectName(u"naiveMaxLabel_"_s + name);
        grid->addWidget(column.naiveMaxLabel, row++, 0, 1, 2);
        grid->setRowMinimumHeight(row++, 8);
        column.incrementButton = new QPushButton(column.box);
        column.incrementButton->setObjectName(u"incrementButton_"_s + name);
        column.snapshotButton = new QPushButton(column.box);
        column.snapshotButton->setObjectName(u"snapshotButton_"_s + name);
        grid->addWidget(column.incrementButton, row, 0);
        grid->addWidget(column.snapshotButton, row++, 1);
        // The restart buttons take a row each so the columns still fit 1280 px with large fonts.
        column.restartButton = new QPushButton(column.box);
        column.restartButton->setObjectName(u"restartButton_"_s + name);
        column.restartNewIdButton = new QPushButton(column.box);
        column.restartNewIdButton->setObjectName(u"restartNewIdButton_"_s + name);
        grid->addWidget(column.restartButton, row++, 0, 1, 2);
        grid->addWidget(column.restartNewIdButton, row++, 0, 1, 2);
        grid->setRowStretch(row, 1);
        columns->addWidget(column.box, 1);

        connect(column.incrementButton, &QPushButton::clicked, this, [this, r] { m_demo->increment(r); });
        connect(column.snapshotButton, &QPushButton::clicked, this, [this, r] { m_demo->takeSnapshot(r); });
        connect(column.restartButton, &QPushButton::clicked, this, [this, r] { m_demo->restart(r, false); });
        connect(column.restartNewIdButton, &QPushButton::clicked, this, [this, r] { m_demo->restart(r, true); });
        m_columns.append(column);
    }

    m_transitBox = new QGroupBox(this);
    m_transitBox->setObjectName(u"transitBox"_s);
    auto *transit = new QVBoxLayout(m_transitBox);
    m_transitList = new QListWidget(m_transitBox);
    m_transitList->setObjectName(u"transitList"_s);
    m_transitList->setWordWrap(true);
    transit->addWidget(m_transitList, 1);
    auto *deliver = new QGridLayout;
    m_deliverCaption = new QLabel(m_transitBox);
    deliver->addWidget(m_deliverCaption, 0, 0, 1, ReplicasDemo::ReplicaCount);
    for (int r = 0; r < ReplicasDemo::ReplicaCount; ++r) {
        auto *button = new QPushButton(m_transitBox);
        button->setObjectName(u"deliverButton_"_s + m_demo->replica(r).name);
        deliver->addWidget(button, 1, r);
        connect(button, &QPushButton::clicked, this, [this, r] { deliverSelected(r); });
        m_deliverButtons.append(button);
    }
    m_deliverTwiceCheck = new QCheckBox(m_transitBox);
    m_deliverTwiceCheck->setObjectName(u"deliverTwiceCheck"_s);
    m_dropButton = new QPushButton(m_transitBox);
    m_dropButton->setObjectName(u"dropButton"_s);
    deliver->addWidget(m_deliverTwiceCheck, 2, 0, 1, 2);
    deliver->addWidget(m_dropButton, 2, 2);
    transit->addLayout(deliver);
    columns->addWidget(m_transitBox, 2);
    layout->addLayout(columns, 1);

    m_legendLabel = new QLabel(this);
    m_legendLabel->setWordWrap(true);
    layout->addWidget(m_legendLabel);

    connect(m_presetCombo, &QComboBox::activated, this, [this](int index) {
        if (index == 0)
            m_demo->reset();
        else
            m_demo->startPreset(index - 1);
    });
    connect(m_nextStepButton, &QPushButton::clicked, this, [this] { m_demo->nextStep(); });
    connect(m_resetButton, &QPushButton::clicked, this, [this] { m_demo->reset(); });
    connect(m_largeFontsCheck, &QCheckBox::toggled, this, &ReplicasDemoView::setLargeFonts);
    connect(m_dropButton, &QPushButton::clicked, this, [this] { m_demo->drop(selectedMessage()); });
    connect(m_transitList, &QListWidget::currentRowChanged, this, [this] {
        const bool selected = selectedMessage() >= 0;
        for (QPushButton *button : std::as_const(m_deliverButtons))
            button->setEnabled(selected);
        m_dropButton->setEnabled(selected);
    });
}

void ReplicasDemoView::retranslateUi()
{
    {
        // Refilled in the new language, on the preset that is playing.
        const QSignalBlocker quiet(m_presetCombo);
        const int current = std::max(0, m_presetCombo->currentIndex());
        m_presetCombo->clear();
        m_presetCombo->addItem(tr("Free play (no preset)"));
        for (const DemoPreset &preset : m_demo->presets())
            m_presetCombo->addItem(preset.title);
        m_presetCombo->setCurrentIndex(current);
    }
    m_nextStepButton->setText(tr("Next step"));
    m_resetButton->setText(tr("Reset"));
    m_largeFontsCheck->setText(tr("Large fonts"));
    m_transitBox->setTitle(tr("In transit"));
    for (int r = 0; r < m_columns.size(); ++r) {
        const QString name = m_demo->replica(r).name;
        m_columns[r].totalCaption->setText(tr("Total:"));
        m_columns[r].incrementButton->setText(tr("+1"));
        m_columns[r].incrementButton->setToolTip(tr("%1 counts one more, in its own component only.").arg(name));
        m_columns[r].snapshotButton->setText(tr("Take snapshot"));
        m_columns[r].snapshotButton->setToolTip(tr("Puts a copy of %1's map in transit.").arg(name));
        m_columns[r].restartButton->setText(tr("Restart, same id"));
        m_columns[r].restartButton->setToolTip(tr("%1 loses its memory and counts again under its old id.").arg(name));
        m_columns[r].restartNewIdButton->setText(tr("Restart, new id"));
        m_columns[r].restartNewIdButton->setToolTip(tr("%1 loses its memory and counts under a new id.").arg(name));
        m_deliverButtons[r]->setText(name);
        m_deliverButtons[r]->setToolTip(tr("Deliver the selected snapshot to %1.").arg(name));
    }
    m_deliverCaption->setText(tr("Deliver the selected snapshot to:"));
    m_deliverTwiceCheck->setText(tr("Deliver twice"));
    m_dropButton->setText(tr("Drop"));
    m_legendLabel->setText(tr("Naive sum: adds every total received to its own. Naive max: keeps the largest total "
                              "seen. Red: the naive rule disagrees with the map for the same deliveries."));
}

void ReplicasDemoView::refresh()
{
    const quint64 truth = m_demo->trueTotal();
    m_trueTotalLabel->setText(tr("True total: %1").arg(truth));

    for (int r = 0; r < m_columns.size(); ++r) {
        const DemoReplica &replica = m_demo->replica(r);
        const Column &column = m_columns.at(r);
        const quint64 total = m_demo->total(r);
        column.idLabel->setText(tr("Writes as: %1").arg(replica.id));
        column.mapLabel->setText(tr("Map: %1").arg(formatMap(replica.state)));
        column.totalLabel->setText(QString::number(total));
        if (total == truth) {
            column.verdictLabel->setText(tr("= true total"));
            setVerdict(column.verdictLabel, "right");
        } else {
            column.verdictLabel->setText(tr("%n short of the true total", nullptr, static_cast<int>(truth - total)));
            setVerdict(column.verdictLabel, "behind");
        }
        column.naiveSumLabel->setText(tr("Naive sum: %1").arg(replica.naiveSum));
        setVerdict(column.naiveSumLabel, replica.naiveSum == total ? "" : "wrong");
        column.naiveSumLabel->setToolTip(replica.naiveSum > total
                                             ? tr("%n more than the map: something was added twice.", nullptr,
                                                  static_cast<int>(replica.naiveSum - total))
                                             : QString());
        column.naiveMaxLabel->setText(tr("Naive max: %1").arg(replica.naiveMax));
        setVerdict(column.naiveMaxLabel, replica.naiveMax == total ? "" : "wrong");
        column.naiveMaxLabel->setToolTip(replica.naiveMax < total
                                             ? tr("%n fewer than the map: increments were lost.", nullptr,
                                                  static_cast<int>(total - replica.naiveMax))
                                             : QString());
    }

    if (m_demo->presetIndex() >= 0) {
        m_stepLabel->setText(tr("Step %1 of %2").arg(m_demo->stepsDone()).arg(m_demo->stepCount()));
        if (m_presetCombo->currentIndex() != m_demo->presetIndex() + 1)
            m_presetCombo->setCurrentIndex(m_demo->presetIndex() + 1);
    } else {
        m_stepLabel->clear();
        m_presetCombo->setCurrentIndex(0);
    }
    m_nextStepButton->setEnabled(m_demo->hasNextStep());
    m_narrationLabel->setText(m_demo->narration());
    refreshTransit();
}

void ReplicasDemoView::refreshTransit()
{
    // A snapshot just put in transit is selected, so the trainer can deliver it at once;
    // otherwise the selection stays on the message it was on.
    int selected = selectedMessage();
    QSet<int> shown;
    for (const DemoMessage &message : m_demo->transit()) {
        if (!m_shownMessages.contains(message.id))
            selected = message.id;
        shown.insert(message.id);
    }
    m_shownMessages = shown;
    const QSignalBlocker quiet(m_transitList);
    m_transitList->clear();
    int selectedRow = -1;
    for (const DemoMessage &message : m_demo->transit()) {
        QString text = tr("%1 — from %2: %3 (total %4)")
                           .arg(message.label, m_demo->replica(message.from).name, formatMap(message.state))
                           .arg(GCounter::value(message.state));
        if (!message.deliveredTo.isEmpty()) {
            QStringList receivers;
            for (const int r : message.deliveredTo)
                receivers.append(m_demo->replica(r).name);
            text += u"\n    "_s + tr("delivered to %1").arg(receivers.join(u", "_s));
        }
        auto *item = new QListWidgetItem(text, m_transitList);
        item->setData(Qt::UserRole, message.id);
        if (message.id == selected)
            selectedRow = m_transitList->count() - 1;
    }
    m_transitList->setCurrentRow(selectedRow);
    const bool hasSelection = selectedRow >= 0;
    for (QPushButton *button : std::as_const(m_deliverButtons))
        button->setEnabled(hasSelection);
    m_dropButton->setEnabled(hasSelection);
}

void ReplicasDemoView::applyFonts()
{
    QFont base = font();
    base.setPointSizeF(m_largeFonts ? 15 : 10.5);
    base.setBold(false); // resolved explicitly, so a bold group box title does not spread to its contents
    setFont(base);
    // Set on every child: under a style sheet a parent's font does not reliably propagate.
    for (QWidget *child : findChildren<QWidget *>())
        child->setFont(base);
    QFont big = base;
    big.setPointSizeF(base.pointSizeF() * 2.2);
    big.setBold(true);
    QFont narration = base;
    narration.setPointSizeF(base.pointSizeF() * 1.15);
    m_narrationLabel->setFont(narration);
    for (const Column &column : std::as_const(m_columns)) {
        column.totalLabel->setFont(big);
        QFont title = base;
        title.setBold(true);
        column.box->setFont(title);
    }
    QFont truth = base;
    truth.setBold(true);
    m_trueTotalLabel->setFont(truth);
    m_transitBox->setFont(truth);
}

void ReplicasDemoView::deliverSelected(int replica)
{
    const int message = selectedMessage();
    if (message < 0)
        return;
    m_demo->deliver(message, replica);
    if (m_deliverTwiceCheck->isChecked())
        m_demo->deliver(message, replica);
}

int ReplicasDemoView::selectedMessage() const
{
    const QListWidgetItem *item = m_transitList->currentItem();
    return item ? item->data(Qt::UserRole).toInt() : -1;
}

} // namespace keyright
