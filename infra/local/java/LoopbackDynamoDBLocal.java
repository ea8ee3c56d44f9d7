import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local on loopback only (infra/local/dynamodb.ts runs this, as a single-file source program, instead of
 * `java -jar DynamoDBLocal.jar`). DynamoDB Local has no bind-address option: its Jetty connector listens on every
 * interface, and it accepts any signature. This builds the same server from the same arguments, binds its
 * connector to 127.0.0.1 and starts it; it refuses to start if it cannot.
 */
public class LoopbackDynamoDBLocal {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("gunsmith.dynamodb.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    int bound = 0;
    for (Connector c : server.getConnectors()) {
      if (c instanceof ServerConnector) {
        ((ServerConnector) c).setHost(host);
        bound++;
      }
    }
    if (bound == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind to " + host + ": refusing to start on every interface");
    proxy.start();
  }
}
