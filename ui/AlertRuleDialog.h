#pragma once

#include "AlertRules.h"

#include <QDialog>
#include <QHash>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTimeEdit;

namespace keyright {

// One alert rule, new or edited. OK asks for the save (saveRequested) and the dialog stays open
// until the page says it is saved (saved()) or refused (showRefusal(), which names and focuses the
// field the server refused): the server decides what a rule may be, and its words are shown here.
class AlertRuleDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertRuleDialog)

public:
    AlertRuleDialog(const AlertRule &rule, bool isNew, QWidget *parent = nullptr);

    AlertRule rule() const;
    bool isNew() const { return m_isNew; }
    // The rule's id when the dialog opened (empty for a new rule).
    QString originalId() const { return m_originalId; }

    // `field`: the rule's member the server named ("threshold", "quiet"); empty when it named none.
    void showRefusal(const QString &field, const QString &message);
    void saved();
    // The preview's answer ("Would have fired 3 times in the last 7 days: …"), or why there is none.
    void showPreview(const QString &text);

    QLineEdit *idEdit() const { return m_id; }
    QComboBox *kindBox() const { return m_kind; }
    QComboBox *scopeBox() const { return m_scope; }
    QLineEdit *scopeNameEdit() const { return m_scopeName; }
    QComboBox *severityBox() const { return m_severity; }
    QSpinBox *thresholdBox() const { return m_threshold; }
    QSpinBox *minutesBox() const { return m_minutes; }
    QLabel *errorLabel() const { return m_error; }
    QPushButton *previewButton() const { return m_previewButton; }
    QLabel *previewLabel() const { return m_preview; }
    // Everything above the buttons, scrolled when the screen is too short for it (a long preview,
    // 1280x720 at 150 %): Save and Cancel stay in view.
    QScrollArea *contentsArea() const { return m_contents; }
    QDialogButtonBox *buttons() const { return m_buttons; }

Q_SIGNALS:
    void saveRequested(const keyright::AlertRule &rule);
    // Replay this rule over the last 7 days of usage history (only for a kind and scope that
    // history can answer; the dialog says so itself for the others).
    void previewRequested(const keyright::AlertRule &rule);

private:
    void updateHint();
    // Grows the dialog to show all its contents, as far as the screen has room.
    void fitContents();
    void requestSave();
    void requestPreview();
    QWidget *fieldWidget(const QString &field) const;

    bool m_isNew;
    QString m_originalId;
    QTimeZone m_zone;
    QLineEdit *m_id;
    QComboBox *m_kind;
    QComboBox *m_scope;
    QLineEdit *m_scopeName;
    QComboBox *m_severity;
    QSpinBox *m_threshold;
    QSpinBox *m_minutes;
    QSpinBox *m_seconds;
    QLineEdit *m_days;
    QCheckBox *m_quiet;
    QTimeEdit *m_quietFrom;
    QTimeEdit *m_quietTo;
    QLabel *m_hint;
    QLabel *m_error;
    QPushButton *m_previewButton;
    QLabel *m_preview;
    QScrollArea *m_contents;
    QDialogButtonBox *m_buttons;
};

} // namespace keyright
