#include "GroupsDialog.h"

#include "ScreenFit.h"
#include "StatePalette.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

GroupsDialog::GroupsDialog(const QList<HolderGroup> &groups, QWidget *parent)
    : QDialog(parent)
    , m_table(new QTableWidget(0, 3, this))
    , m_add(new QPushButton(tr("&Add group"), this))
    , m_remove(new QPushButton(tr("&Remove group"), this))
    , m_message(new QLabel(this))
    , m_refusal(new QLabel(this))
    , m_readOnlyNote(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
    , m_original(groups)
{
    setWindowTitle(tr("Holder groups"));
    m_table->setObjectName(u"groupsTable"_s);
    m_message->setObjectName(u"groupsMessage"_s);
    m_refusal->setObjectName(u"groupsRefusal"_s);
    m_add->setObjectName(u"addGroup"_s);
    m_remove->setObjectName(u"removeGroup"_s);
    m_table->setHorizontalHeaderLabels(
        {tr("Group"), tr("Holder patterns (separated by spaces)"), tr("Source", "where a group's members come from")});
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Interactive);
    m_table->horizontalHeader()->resizeSection(0, 150);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Interactive);
    m_table->horizontalHeader()->resizeSection(2, 220);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(u"color: %1;"_s.arg(StatePalette::colour(StatePalette::Failed).name()));
    m_refusal->setWordWrap(true);
    m_refusal->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_refusal->setStyleSheet(m_message->styleSheet());
    m_refusal->hide();
    m_readOnlyNote->setWordWrap(true);
    m_readOnlyNote->hide();

    auto *intro = new QLabel(tr("A group names the holders it matches: <code>*</code> any characters but "
                                "<code>/</code>, <code>?</code> one character, <code>[abc]</code> one of a set, "
                                "e.g. <code>*@render-*</code>. Licenses name groups in their seat rules."),
                             this);
    intro->setWordWrap(true);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_message);
    layout->addWidget(m_refusal);
    layout->addWidget(m_readOnlyNote);
    layout->addWidget(m_buttons);

    connect(m_add, &QPushButton::clicked, this, [this] {
        addGroupRow();
        editorAt(m_table->rowCount() - 1, 0)->setFocus();
    });
    connect(m_remove, &QPushButton::clicked, this, &GroupsDialog::removeSelectedRow);
    connect(m_table, &QTableWidget::currentCellChanged, this, &GroupsDialog::revalidate);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &GroupsDialog::okClicked);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (const HolderGroup &group : groups)
        addGroupRow(group);
    revalidate();
    resizeWithinScreen(this, QSize(640, 420));
}

QStringList GroupsDialog::splitEntries(const QString &text)
{
    static const QRegularExpression spaces(u"\\s+"_s);
    return text.split(spaces, Qt::SkipEmptyParts);
}

QLineEdit *GroupsDialog::editorAt(int row, int column) const
{
    return qobject_cast<QLineEdit *>(m_table->cellWidget(row, column));
}

QLabel *GroupsDialog::sourceAt(int row) const
{
    return qobject_cast<QLabel *>(m_table->cellWidget(row, 2));
}

bool GroupsDialog::isDirectoryRow(int row) const
{
    return m_directoryRows.contains(editorAt(row, 0));
}

QString GroupsDialog::sourceText(const LdapGroupSource &source)
{
    const QString synced = source.lastSuccess.isValid()
        ? QLocale().toString(source.lastSuccess.toLocalTime(), QLocale::ShortFormat)
        : tr("never", "a group never synchronised");
    if (!source.stale())
        return tr("From LDAP, synchronised %1").arg(synced);
    if (source.lastError.isEmpty())
        return tr("From LDAP, not synchronised yet");
    // The error first: the cell is one line, and the error is what the admin came for (walk 28).
    return tr("From LDAP, stale: %2 (last synchronised %1)").arg(synced, source.lastError);
}

QString GroupsDialog::sourceDetails(const LdapGroupSource &source)
{
    return tr("Members read from %1: the %2 values of the entries matching %3 under %4, each value v as the holder "
              "pattern v@%5. They change only in the directory.")
        .arg(source.url, source.attribute, source.filter, source.baseDn, source.hostPattern);
}

void GroupsDialog::addGroupRow(const HolderGroup &group)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto *name = new QLineEdit(group.name, m_table);
    auto *patterns = new QLineEdit(group.patterns.join(u' '), m_table);
    auto *source = new QLabel(m_table);
    name->setPlaceholderText(tr("e.g. render"));
    patterns->setPlaceholderText(tr("e.g. *@render-* alice@ws-12"));
    name->setFrame(false);
    patterns->setFrame(false);
    // One line, as the row is: the whole of it in the tooltip.
    source->setWordWrap(false);
    source->setTextFormat(Qt::PlainText);
    if (group.ldap) {
        // The directory's: its members are shown, never edited, and the row cannot be removed.
        m_directoryRows.insert(name, *group.ldap);
        source->setText(sourceText(*group.ldap));
        source->setToolTip(sourceText(*group.ldap) + u"\n\n"_s + sourceDetails(*group.ldap));
        patterns->setToolTip(sourceDetails(*group.ldap));
        if (group.ldap->stale())
            source->setStyleSheet(u"color: %1;"_s.arg(StatePalette::colour(StatePalette::Stale).name()));
    } else {
        // In the text's own colour: muted grey did not read on a selected row (walk 28).
        source->setText(tr("Edited here"));
    }
    name->setReadOnly(m_readOnly || group.ldap);
    patterns->setReadOnly(m_readOnly || group.ldap);
    m_table->setCellWidget(row, 0, name);
    m_table->setCellWidget(row, 1, patterns);
    m_table->setCellWidget(row, 2, source);
    connect(name, &QLineEdit::textChanged, this, &GroupsDialog::revalidate);
    connect(patterns, &QLineEdit::textChanged, this, &GroupsDialog::revalidate);
    revalidate();
}

void GroupsDialog::removeSelectedRow()
{
    int row = m_table->currentRow();
    if (row < 0)
        row = m_table->rowCount() - 1;
    if (row < 0 || isDirectoryRow(row))
        return;
    m_table->removeRow(row);
    revalidate();
}

QList<HolderGroup> GroupsDialog::groups() const
{
    QList<HolderGroup> list;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        HolderGroup group;
        group.name = editorAt(row, 0)->text().trimmed();
        group.patterns = splitEntries(editorAt(row, 1)->text());
        if (const auto found = m_directoryRows.constFind(editorAt(row, 0)); found != m_directoryRows.cend())
            group.ldap = *found;
        list << group;
    }
    return list;
}

void GroupsDialog::setReadOnly(const QString &why)
{
    m_readOnly = !why.isEmpty();
    for (int row = 0; row < m_table->rowCount(); ++row) {
        editorAt(row, 0)->setReadOnly(m_readOnly || isDirectoryRow(row));
        editorAt(row, 1)->setReadOnly(m_readOnly || isDirectoryRow(row));
    }
    m_add->setVisible(!m_readOnly);
    m_remove->setVisible(!m_readOnly);
    m_readOnlyNote->setText(why);
    m_readOnlyNote->setVisible(m_readOnly);
    m_buttons->setStandardButtons(m_readOnly ? QDialogButtonBox::Close
                                             : QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    revalidate();
}

QString GroupsDialog::validationMessage() const
{
    return m_message->text();
}

void GroupsDialog::setLicenseRules(const QHash<QString, SeatRules> &rulesByLicense)
{
    m_licenseRules = rulesByLicense;
    revalidate();
}

void GroupsDialog::addLicenseRules(const QString &licenseId, const SeatRules &rules)
{
    m_licenseRules.insert(licenseId, rules);
    revalidate();
}

void GroupsDialog::setSavesBeforeClosing(bool saves)
{
    m_savesBeforeClosing = saves;
}

void GroupsDialog::okClicked()
{
    if (!m_savesBeforeClosing || m_readOnly) {
        accept();
        return;
    }
    m_saving = true;
    m_refusal->clear();
    m_refusal->hide();
    revalidate();
    Q_EMIT saveRequested(groups());
}

void GroupsDialog::saveSucceeded()
{
    m_saving = false;
    accept();
}

void GroupsDialog::saveRefused(const QString &message)
{
    m_saving = false;
    m_refusal->setText(tr("The holder groups were not saved. %1").arg(message));
    m_refusal->show();
    revalidate();
}

QString GroupsDialog::refusalMessage() const
{
    return m_refusal->text();
}

QString GroupsDialog::groupInUseProblem(const QList<HolderGroup> &edited) const
{
    QSet<QString> kept;
    for (const HolderGroup &group : edited)
        kept.insert(group.name);
    QStringList licenses = m_licenseRules.keys();
    licenses.sort();
    // The server's own order: the first group of its list that would go while rules name it.
    for (const HolderGroup &old : m_original) {
        if (kept.contains(old.name))
            continue;
        QStringList users;
        for (const QString &licenseId : std::as_const(licenses)) {
            const SeatRules &rules = m_licenseRules.value(licenseId);
            if (!rules.namesGroup(old.name))
                continue;
            QStringList where;
            if (std::any_of(rules.reserve.cbegin(), rules.reserve.cend(),
                            [&](const GroupSeats &g) { return g.group == old.name; }))
                where << tr("reservation");
            if (std::any_of(rules.max.cbegin(), rules.max.cend(),
                            [&](const GroupSeats &g) { return g.group == old.name; }))
                where << tr("cap");
            if (rules.allow.contains(old.name))
                where << tr("allow list");
            if (rules.deny.contains(old.name))
                where << tr("deny list");
            users << u"%1 (%2)"_s.arg(licenseId, where.join(u", "_s));
        }
        if (!users.isEmpty())
            return tr("The group %1 cannot go: the seat rules of %n license(s) use it: %2. Take it out of those "
                      "rules first, or keep the group.",
                      nullptr, int(users.size()))
                .arg(old.name, users.join(tr("; ", "between two licenses of a list")));
    }
    return {};
}

void GroupsDialog::revalidate()
{
    ValidationError error;
    const QList<HolderGroup> edited = groups();
    bool valid = validateGroups(edited, &error);
    // The server's check, said in the interface's language next to the table; the row and cell at
    // fault are outlined. Then what the server would refuse next: a group the licenses' rules still name.
    QString message = valid ? QString() : error.localizedMessage();
    if (valid && !m_readOnly) {
        message = groupInUseProblem(edited);
        valid = message.isEmpty();
    }
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
    static const QRegularExpression path(u"^groups\\[(\\d+)\\]\\.(name|patterns)"_s);
    const QRegularExpressionMatch at = path.match(error.field);
    const QString bad = u"border: 1px solid %1;"_s.arg(StatePalette::colour(StatePalette::Failed).name());
    for (int row = 0; row < m_table->rowCount(); ++row) {
        for (int column = 0; column < 2; ++column) {
            const bool faulty = !valid && at.hasMatch() && at.captured(1).toInt() == row
                && (column == 0) == (at.captured(2) == u"name");
            editorAt(row, column)->setStyleSheet(faulty ? bad : QString());
        }
    }
    if (QPushButton *ok = m_buttons->button(QDialogButtonBox::Ok))
        ok->setEnabled(valid && !m_readOnly && !m_saving);
    const int current = m_table->currentRow();
    m_remove->setEnabled(current < 0 ? m_table->rowCount() > 0 && !isDirectoryRow(m_table->rowCount() - 1)
                                     : !isDirectoryRow(current));
}

} // namespace keyright
