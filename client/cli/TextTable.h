#pragma once

#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

namespace keyright::cli {

// Rows of text in aligned columns: each column as wide as its widest cell, numbers right-aligned,
// the last column unpadded so lines carry no trailing blanks.
class TextTable
{
public:
    explicit TextTable(QStringList header = {});

    void setIndent(int spaces) { m_indent = spaces; }
    void setRightAligned(int column) { m_rightAligned.insert(column); }
    // Keeps columns at least this wide, so successive pages of a stream line up.
    void setMinimumWidths(QList<int> widths) { m_minimumWidths = std::move(widths); }
    void addRow(QStringList cells);
    bool isEmpty() const { return m_rows.isEmpty(); }

    QStringList render(bool withHeader = true) const;

private:
    QStringList m_header;
    QList<QStringList> m_rows;
    QSet<int> m_rightAligned;
    QList<int> m_minimumWidths;
    int m_indent = 0;
};

} // namespace keyright::cli
