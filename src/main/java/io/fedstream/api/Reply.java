package io.fedstream.api;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;

/** What a route answers: a JSON body built whole ({@link ApiResponse}) or one written as it is read ({@link StreamedReply}). */
interface Reply {

    /** Sends the status, the headers and the body on the exchange, and ends the response. */
    void send(HttpExchange exchange) throws IOException;
}
