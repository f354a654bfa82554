package io.fedstream.interpret;

import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.scanner.Constant;

import java.io.Reader;

/**
 * SnakeYAML's character source over a whole, already decoded input (at most 3 MiB). SnakeYAML's
 * own {@link StreamReader} reads 1 KiB at a time and copies its whole look-ahead window on every
 * read, so one long scalar costs time quadratic in its length (13 s for a 3 MiB string on the
 * build machine); here every look-ahead is an array access. Overrides every public method of
 * StreamReader with the same semantics (line and column counting, the printable-character check,
 * the document index the scanner compares with its code-point limit).
 */
final class WholeInputReader extends StreamReader {

    private static final String NAME = "'reader'";

    private final int[] data;
    private int checkedUpTo;
    private int pointer;
    private int documentIndex;
    private int line;
    private int column;

    WholeInputReader(String text) {
        super(Reader.nullReader());
        this.data = text.codePoints().toArray();
    }

    @Override
    public Mark getMark() {
        return new Mark(NAME, pointer, line, column, data, pointer);
    }

    @Override
    public void forward() {
        forward(1);
    }

    @Override
    public void forward(int length) {
        for (int i = 0; i < length && available(0); i++) {
            int c = data[pointer++];
            documentIndex++;
            if (Constant.LINEBR.has(c) || (c == '\r' && available(0) && data[pointer] != '\n')) {
                line++;
                column = 0;
            } else if (c != 0xFEFF) {
                column++;
            }
        }
    }

    @Override
    public int peek() {
        return peek(0);
    }

    @Override
    public int peek(int offset) {
        return available(offset) ? data[pointer + offset] : 0;
    }

    @Override
    public String prefix(int length) {
        if (length == 0) {
            return "";
        }
        available(length);
        return new String(data, pointer, Math.min(length, data.length - pointer));
    }

    @Override
    public String prefixForward(int length) {
        String prefix = prefix(length);
        pointer += length;
        documentIndex += length;
        column += length;
        return prefix;
    }

    @Override
    public int getColumn() {
        return column;
    }

    @Override
    public int getIndex() {
        return pointer;
    }

    @Override
    public int getLine() {
        return line;
    }

    @Override
    public int getDocumentIndex() {
        return documentIndex;
    }

    @Override
    public void resetDocumentIndex() {
        documentIndex = 0;
    }

    /** True when the code point at pointer + offset exists; checks printability as far as it has read, as StreamReader does. */
    private boolean available(int offset) {
        int end = pointer + offset;
        if (end < 0 || end >= data.length) {
            checkPrintable(data.length);
            return false;
        }
        checkPrintable(end + 1);
        return true;
    }

    private void checkPrintable(int upTo) {
        for (; checkedUpTo < upTo; checkedUpTo++) {
            if (!isPrintable(data[checkedUpTo])) {
                throw new ReaderException(NAME, checkedUpTo, data[checkedUpTo], "special characters are not allowed");
            }
        }
    }
}
