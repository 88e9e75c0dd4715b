#include "AlertRuleDialog.h"

#include "AlertListModel.h"
#include "AlertReplay.h"
#include "ScreenFit.h"
#include "StatePalette.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTimeEdit>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

constexpr AlertKind allKinds[] = {AlertKind::SeatsInUse,     AlertKind::Denials,        AlertKind::WaitingLine,
                                  AlertKind::ValidityEnding, AlertKind::InstanceSilent, AlertKind::ClockJump};
constexpr AlertSeverity allSeverities[] = {AlertSeverity::Info, AlertSeverity::Warning, AlertSeverity::Critical};

} // namespace

AlertRuleDialog::AlertRuleDialog(const AlertRule &rule, bool isNew, QWidget *parent)
    : QDialog(parent)
    , m_isNew(isNew)
    , m_originalId(isNew ? QString() : rule.id)
    , m_zone(rule.quiet.isEmpty() ? QTimeZone::systemTimeZone() : rule.quiet.zone)
    , m_id(new QLineEdit(rule.id, this))
    , m_kind(new QComboBox(this))
    , m_scope(new QComboBox(this))
    , m_scopeName(new QLineEdit(rule.scopeName, this))
    , m_severity(new QComboBox(this))
    , m_threshold(new QSpinBox(this))
    , m_minutes(new QSpinBox(this))
    , m_seconds(new QSpinBox(this))
    , m_days(new QLineEdit(this))
    , m_quiet(new QCheckBox(tr("Tell nobody between"), this))
    , m_quietFrom(new QTimeEdit(this))
    , m_quietTo(new QTimeEdit(this))
    , m_hint(new QLabel(this))
    , m_error(new QLabel(this))
    , m_previewButton(new QPushButton(tr("&Preview the last 7 days"), this))
    , m_preview(new QLabel(this))
    , m_contents(new QScrollArea(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this))
{
    setObjectName(u"alertRuleDialog"_s);
    setWindowTitle(isNew ? tr("New alert rule") : tr("Alert rule %1").arg(rule.id));
    m_id->setObjectName(u"ruleId"_s);
    m_threshold->setObjectName(u"ruleThreshold"_s);
    m_minutes->setObjectName(u"ruleMinutes"_s);
    m_error->setObjectName(u"ruleError"_s);
    m_previewButton->setObjectName(u"rulePreviewButton"_s);
    m_preview->setObjectName(u"rulePreview"_s);
    m_preview->setWordWrap(true);
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // Only the kinds this server evaluates: "instance silent" was offered and then refused at Save
    // (walk 51a, #16). A rule of another kind already stored still shows as what it is.
    for (AlertKind kind : allKinds) {
        if (isEvaluated(kind) || kind == rule.kind)
            m_kind->addItem(AlertListModel::kindLabel(kind), int(kind));
    }
    m_kind->setCurrentIndex(m_kind->findData(int(rule.kind)));
    m_scope->addItem(tr("every license"), int(AlertRule::Scope::AllLicenses));
    m_scope->addItem(tr("one license"), int(AlertRule::Scope::License));
    m_scope->addItem(tr("a holder group"), int(AlertRule::Scope::Group));
    m_scope->setCurrentIndex(m_scope->findData(int(rule.scope)));
    for (AlertSeverity severity : allSeverities)
        m_severity->addItem(AlertListModel::severityLabel(severity), int(severity));
    m_severity->setCurrentIndex(m_severity->findData(int(rule.severity)));
    // Wider than any rule allows: the server says which values a kind takes.
    m_threshold->setRange(0, 1000000);
    m_threshold->setValue(rule.threshold);
    m_minutes->setRange(0, 1000000);
    m_minutes->setValue(rule.minutes);
    // The range the server takes for an instance silent (30 s to 12 h, under the day after which a
    // silent instance is forgotten); a new rule starts at a minute rather than at a refused 0.
    m_seconds->setRange(minInstanceSilentSeconds, maxInstanceSilentSeconds);
    m_seconds->setSuffix(tr(" s"));
    m_seconds->setValue(rule.seconds > 0 ? rule.seconds : 60);
    QStringList days;
    for (int day : rule.daysBefore)
        days << QString::number(day);
    m_days->setText(days.join(u", "_s));
    m_days->setPlaceholderText(tr("60, 30, 7"));
    m_quiet->setChecked(!rule.quiet.isEmpty());
    m_quietFrom->setDisplayFormat(u"HH:mm"_s);
    m_quietTo->setDisplayFormat(u"HH:mm"_s);
    m_quietFrom->setTime(rule.quiet.isEmpty() ? QTime(22, 0) : rule.quiet.from);
    m_quietTo->setTime(rule.quiet.isEmpty() ? QTime(7, 0) : rule.quiet.to);
    m_hint->setWordWrap(true);
    m_error->setWordWrap(true);
    m_error->hide();
    QPalette errorPalette = m_error->palette();
    errorPalette.setColor(QPalette::WindowText, StatePalette::colour(StatePalette::Failed));
    m_error->setPalette(errorPalette);

    auto *scopeRow = new QHBoxLayout;
    scopeRow->addWidget(m_scope);
    scopeRow->addWidget(m_scopeName, 1);
    auto *quietRow = new QHBoxLayout;
    quietRow->addWidget(m_quiet);
    quietRow->addWidget(m_quietFrom);
    quietRow->addWidget(new QLabel(tr("and"), this));
    quietRow->addWidget(m_quietTo);
    quietRow->addWidget(new QLabel(m_zone.displayName(QTimeZone::StandardTime, QTimeZone::OffsetName), this));
    quietRow->addStretch();

    auto *form = new QFormLayout;
    form->addRow(tr("Rule id"), m_id);
    form->addRow(tr("Watches"), m_kind);
    form->addRow(tr("Applies to"), scopeRow);
    form->addRow(tr("Severity"), m_severity);
    form->addRow(tr("Threshold"), m_threshold);
    form->addRow(tr("Minutes"), m_minutes);
    form->addRow(tr("Seconds"), m_seconds);
    form->addRow(tr("Days' notice"), m_days);
    form->addRow(tr("Quiet hours"), quietRow);

    // The fields, the hint and the preview scroll together above the buttons: a preview of 16
    // firings ran under Save and Cancel, and at 1280x720 and 150 % the dialog grew below the
    // screen with its buttons out of reach (walk 51a, finding 9). The preview takes the whole
    // width under its button instead of a column beside it.
    auto *contents = new QWidget(m_contents);
    contents->setObjectName(u"alertRuleContents"_s);
    auto *inner = new QVBoxLayout(contents);
    inner->setContentsMargins(0, 0, 0, 0);
    inner->addLayout(form);
    inner->addWidget(m_hint);
    auto *previewRow = new QHBoxLayout;
    previewRow->addWidget(m_previewButton);
    previewRow->addStretch(1);
    inner->addLayout(previewRow);
    inner->addWidget(m_preview);
    inner->addStretch(1);
    m_contents->setObjectName(u"alertRuleScroll"_s);
    m_contents->setWidget(contents);
    m_contents->setWidgetResizable(true);
    m_contents->setFrameShape(QFrame::NoFrame);
    m_contents->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_contents, 1);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);

    connect(m_kind, &QComboBox::currentIndexChanged, this, &AlertRuleDialog::updateHint);
    connect(m_scope, &QComboBox::currentIndexChanged, this, &AlertRuleDialog::updateHint);
    connect(m_quiet, &QCheckBox::toggled, this, &AlertRuleDialog::updateHint);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &AlertRuleDialog::requestSave);
    connect(m_previewButton, &QPushButton::clicked, this, &AlertRuleDialog::requestPreview);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateHint();
    fitContents();
}

void AlertRuleDialog::fitContents()
{
    QWidget *contents = m_contents->widget();
    const QMargins margins = layout()->contentsMargins();
    const int width = std::max({isVisible() ? this->width() : 0,
                                contents->sizeHint().width() + margins.left() + margins.right()
                                    + m_contents->verticalScrollBar()->sizeHint().width(),
                                fontMetrics().averageCharWidth() * 72});
    const int inside = width - margins.left() - margins.right() - m_contents->verticalScrollBar()->sizeHint().width();
    const int contentsHeight
        = contents->hasHeightForWidth() ? contents->heightForWidth(inside) : contents->sizeHint().height();
    const int spacing = layout()->spacing();
    int height = margins.top() + contentsHeight + spacing + m_buttons->sizeHint().height() + margins.bottom();
    if (m_error->isVisibleTo(this))
        height += spacing + m_error->heightForWidth(inside);
    // resizeWithinScreen bounds it by the screen's free area; the contents scroll within.
    resizeWithinScreen(this, QSize(width, isVisible() ? std::max(height, this->height()) : height));
}

AlertRule AlertRuleDialog::rule() const
{
    AlertRule rule;
    rule.id = m_id->text().trimmed();
    rule.kind = AlertKind(m_kind->currentData().toInt());
    rule.scope = AlertRule::Scope(m_scope->currentData().toInt());
    rule.scopeName = rule.scope == AlertRule::Scope::AllLicenses ? QString() : m_scopeName->text().trimmed();
    rule.severity = AlertSeverity(m_severity->currentData().toInt());
    rule.threshold = m_threshold->value();
    rule.minutes = m_minutes->value();
    rule.seconds = m_seconds->value();
    for (const QString &part : m_days->text().split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int day = part.trimmed().toInt(&ok);
        if (ok)
            rule.daysBefore << day;
    }
    if (m_quiet->isChecked())
        rule.quiet = QuietHours {m_quietFrom->time(), m_quietTo->time(), m_zone};
    return rule;
}

void AlertRuleDialog::requestSave()
{
    for (const QString &part : m_days->text().split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        part.trimmed().toInt(&ok);
        if (!ok) {
            showRefusal(
                u"daysBefore"_s,
                tr("Days' notice are whole numbers separated by commas: \"%1\" is not one.").arg(part.trimmed()));
            return;
        }
    }
    m_error->hide();
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(false);
    Q_EMIT saveRequested(rule());
}

void AlertRuleDialog::showRefusal(const QString &field, const QString &message)
{
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(true);
    m_error->setText(message);
    m_error->show();
    if (QWidget *widget = fieldWidget(field)) {
        widget->setFocus(Qt::OtherFocusReason);
        if (auto *spin = qobject_cast<QSpinBox *>(widget))
            spin->selectAll();
    }
}

void AlertRuleDialog::saved()
{
    accept();
}

void AlertRuleDialog::requestPreview()
{
    const AlertRule edited = rule();
    if (!canReplayAlert(edited.kind)) {
        showPreview(tr("No preview for this kind of rule: the usage history answers only the seats in use and the "
                       "denials."));
        return;
    }
    if (edited.scope == AlertRule::Scope::Group) {
        showPreview(tr("No preview for a holder group: the usage history counts a license's seats, not a group's."));
        return;
    }
    if (edited.scope == AlertRule::Scope::License && edited.scopeName.isEmpty()) {
        showPreview(tr("No preview yet: name the license first."));
        return;
    }
    showPreview(tr("Reading the last 7 days of usage…"));
    Q_EMIT previewRequested(edited);
}

void AlertRuleDialog::showPreview(const QString &text)
{
    m_preview->setText(text);
    fitContents();
}

QWidget *AlertRuleDialog::fieldWidget(const QString &field) const
{
    if (field == u"id")
        return m_id;
    if (field == u"kind")
        return m_kind;
    if (field == u"scope")
        return m_scope->currentIndex() == 0 ? static_cast<QWidget *>(m_scope) : m_scopeName;
    if (field == u"scopeName")
        return m_scopeName;
    if (field == u"severity")
        return m_severity;
    if (field == u"threshold")
        return m_threshold;
    if (field == u"minutes")
        return m_minutes;
    if (field == u"seconds")
        return m_seconds;
    if (field.startsWith(u"daysBefore"))
        return m_days;
    if (field.startsWith(u"quiet"))
        return m_quietFrom;
    return nullptr;
}

void AlertRuleDialog::updateHint()
{
    const AlertKind kind = AlertKind(m_kind->currentData().toInt());
    switch (kind) {
    case AlertKind::SeatsInUse:
        m_hint->setText(tr("Fires when the seats in use reach the threshold (a percentage of the license's seats) "
                           "and stay there for the minutes given (0: at once)."));
        break;
    case AlertKind::Denials:
        m_hint->setText(tr("Threshold 0: fires on any true denial (no seat within the minutes given); else when "
                           "there are more denials than the threshold within the minutes given."));
        break;
    case AlertKind::WaitingLine:
        m_hint->setText(tr("Fires when more than the threshold are waiting, or someone has waited longer than the "
                           "minutes given (0 leaves either unwatched)."));
        break;
    case AlertKind::ValidityEnding:
        m_hint->setText(tr("Fires at each day's notice before the license or its maintenance ends (none given: "
                           "60, 30 and 7)."));
        break;
    case AlertKind::InstanceSilent:
        m_hint->setText(tr("Fires when an instance on the shared database has not been seen for the seconds given."));
        break;
    case AlertKind::ClockJump:
        m_hint->setText(tr("Fires when a server's clock jumped, and stays firing for the minutes given."));
        break;
    }
    const bool usesThreshold
        = kind == AlertKind::SeatsInUse || kind == AlertKind::Denials || kind == AlertKind::WaitingLine;
    m_threshold->setEnabled(usesThreshold);
    m_minutes->setEnabled(kind != AlertKind::ValidityEnding && kind != AlertKind::InstanceSilent);
    m_seconds->setEnabled(kind == AlertKind::InstanceSilent);
    m_days->setEnabled(kind == AlertKind::ValidityEnding);
    // The threshold's unit, which the kind decides (a rule of 90 read "Threshold 90": 90 what?).
    switch (kind) {
    case AlertKind::SeatsInUse:
        m_threshold->setSuffix(tr(" %", "the threshold of a seats-in-use rule"));
        break;
    case AlertKind::Denials:
        m_threshold->setSuffix(tr(" denials", "the threshold of a denials rule"));
        break;
    case AlertKind::WaitingLine:
        m_threshold->setSuffix(tr(" waiting", "the threshold of a waiting-line rule"));
        break;
    case AlertKind::ValidityEnding:
    case AlertKind::InstanceSilent:
    case AlertKind::ClockJump:
        m_threshold->setSuffix({});
        break;
    }
    m_scopeName->setEnabled(m_scope->currentIndex() != 0);
    // One short placeholder for what the scope names ("identifiant de licence ou nom de groupe" was
    // cut in French).
    m_scopeName->setPlaceholderText(AlertRule::Scope(m_scope->currentData().toInt()) == AlertRule::Scope::Group
                                        ? tr("group name")
                                        : tr("license id"));
    m_quietFrom->setEnabled(m_quiet->isChecked());
    m_quietTo->setEnabled(m_quiet->isChecked());
    // A preview of another rule would mislead: the button asks again.
    m_preview->clear();
}

} // namespace keyright
