package dev.caravan.testing;

import dev.caravan.testing.TavilyStub.Result;
import java.util.concurrent.CountDownLatch;

/**
 * Starts a Tavily stub and a small web site on loopback for trying Caravan without network access. Prints the
 * settings to run Caravan against them. Stops with Ctrl-C.
 */
public final class DemoStubs {

    private DemoStubs() {}

    public static void main(String[] args) throws Exception {
        TavilyStub tavily = new TavilyStub();
        StubServer site = new StubServer();
        site.page("/robots.txt", 200, "text/plain", "User-agent: *\nDisallow: /admin\nCrawl-delay: 1\n");
        site.page("/heat-pumps", 200, "text/html; charset=utf-8", """
                <!doctype html><html lang="en"><head><title>Heat pumps explained</title>
                <meta property="og:site_name" content="Energy Notes"><link rel="canonical" href="/heat-pumps"></head>
                <body><nav><a href="/">Home</a></nav><article><h1>Heat pumps explained</h1>
                <p>A heat pump moves heat from outside air into the home instead of burning fuel to make it.</p>
                <p>Modern air-source heat pumps deliver about three units of heat for each unit of electricity they use.</p>
                <h2>Running costs</h2><p>Running costs depend mostly on the ratio between electricity and gas prices.</p>
                </article><footer>Energy Notes footer</footer></body></html>""");
        site.page("/boilers", 200, "text/html", """
                <html><head><title>Gas boilers today</title></head><body><main>
                <p>A condensing gas boiler converts roughly ninety percent of the gas energy into heat.</p>
                <p>Gas boilers are cheaper to install than heat pumps, but running costs follow gas prices.</p>
                </main></body></html>""");
        site.page("/admin/secret", 200, "text/html", "<p>never fetched</p>");
        site.page("/gone", 404, "text/plain", "gone");
        tavily.results("heat pump vs gas boiler running costs",
                new Result(site.url("/heat-pumps"), "Heat pumps explained", "A heat pump moves heat..."),
                new Result(site.url("/boilers"), "Gas boilers today", "A condensing gas boiler..."),
                new Result(site.url("/admin/secret"), "Admin", "..."),
                new Result(site.url("/gone"), "Gone", "..."),
                new Result("http://127.0.0.2:" + site.port() + "/internal", "Internal", "..."));
        System.out.println("Tavily stub:  " + tavily.baseUrl() + "   (API key " + TavilyStub.KEY + ")");
        System.out.println("Web site:     " + site.baseUrl());
        System.out.println("Run Caravan against them with:");
        System.out.println("  TAVILY_API_KEY=" + TavilyStub.KEY + " RESEARCH_TAVILY_BASE_URL=" + tavily.baseUrl()
                + " RESEARCH_GUARD_ALLOWED_ADDRESSES=127.0.0.1/32 ./caravan");
        new CountDownLatch(1).await();
    }
}
