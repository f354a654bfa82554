package io.fedstream.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A 200 whose JSON body is written as it is read, never built whole: the status goes out with the first bytes that
 * leave the generator's buffer. A failure before that is answered as the error it is (503 while a partition moves, 400,
 * 500); a failure after it ends the body where it stands, so that the client's parser fails on it rather than take a
 * short list for a whole one.
 */
final class StreamedReply implements Reply {

    private static final Logger LOG = LoggerFactory.getLogger(StreamedReply.class);
    private static final JsonFactory JSON = new ObjectMapper().getFactory();

    /** Writes the body. */
    @FunctionalInterface
    interface Body {
        void write(JsonGenerator json) throws IOException;
    }

    private final Body body;
    private final boolean commitAtOnce;

    private StreamedReply(Body body, boolean commitAtOnce) {
        this.body = body;
        this.commitAtOnce = commitAtOnce;
    }

    /** A body sent as it fills the generator's buffer. */
    static StreamedReply of(Body body) {
        return new StreamedReply(body, false);
    }

    /** A long-lived body (a watch) whose status goes out at once, before its first event. */
    static StreamedReply atOnce(Body body) {
        return new StreamedReply(body, true);
    }

    @Override
    public void send(HttpExchange exchange) throws IOException {
        CommitOnWrite out = new CommitOnWrite(exchange);
        try {
            if (commitAtOnce) {
                out.commit();
            }
            JsonGenerator json = JSON.createGenerator(out);
            json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            body.write(json);
            json.flush();
        } catch (UncheckedIOException | IOException clientGone) {
            LOG.debug("Client of {} went away: {}", exchange.getRequestURI(), clientGone.toString());
        } catch (RuntimeException e) {
            if (out.committed()) {
                LOG.warn("Answer to {} broken off after its first bytes: {}", exchange.getRequestURI(), e.toString());
            } else {
                KubeStatus.failure(e).send(exchange);
                return;
            }
        } finally {
            exchange.close();
        }
    }

    /** Sends the 200 and its headers before the first byte of the body (chunked: the length is not known). */
    private static final class CommitOnWrite extends OutputStream {

        private final HttpExchange exchange;
        private OutputStream body;

        CommitOnWrite(HttpExchange exchange) {
            this.exchange = exchange;
        }

        boolean committed() {
            return body != null;
        }

        void commit() throws IOException {
            if (body == null) {
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, 0);
                body = exchange.getResponseBody();
            }
        }

        @Override
        public void write(int b) throws IOException {
            commit();
            body.write(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            commit();
            body.write(bytes, offset, length);
        }

        @Override
        public void flush() throws IOException {
            if (body != null) {
                body.flush();
            }
        }
    }
}
