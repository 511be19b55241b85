/**
 * The daemon's socket: its server, one request line at a time, who sent it (the caller's pane from
 * its process) and the dispatch of each op to its handler.
 */
package dev.gather.server;
