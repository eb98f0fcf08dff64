/// Fixed texts every compiled rule set renders besides the input's own: mentions, topics,
/// tag families and elements (closed, unclosed, nested, upper case), URLs, e-mail and phone
/// numbers, emoji (with modifiers and ZWJ), combining marks, right-to-left text, every
/// line break (CR LF, CR, U+2028), NUL, U+FFFD, and the empty text.
enum SampleTexts {
    static let all: [String] = [
        "",
        "Hi @alice_1 and @bob! #topic# #another tag# call 13812345678 or +1 (555) 010-9999.",
        "I agree to the <h1>User Agreement</h1> and <h2>Privacy Policy</h2>, <H3>x</h3> <h>plain</h> <h1>a<h2>b</h2>c</h1>",
        "<h1>unclosed <h2>mismatched</h1> <hx>no</hx> <h12/>self</h12> <h4></h4> <h1>line\nbreak</h1>",
        "<a href=\"https://x.org/?a=1&amp;b=2\" title='T'>link</a> <a href=x>bare</a> <A HREF=y>UP</A> <img src=\"p.png\"/> <img src=q alt=\"&#x41;&#66;\">",
        "see http://example.com/a?b=c, www.example.org. or https://ex.com/path). mail me@example.com",
        "emoji 😀 👍🏽 👨‍👩‍👧 [smile] [heart] [vip] 🇫🇷 e\u{301} ﷺ 中文 日本語",
        "line1\r\nline2\rline3\nline4\u{2028}line5\u{2029}\u{85}end",
        "مرحبا @עברית #שלום \u{202E}reversed\u{202C} \u{200F}mark",
        "\u{0}\u{1}\t\u{7F}\u{FFFD}\u{FEFF}$0 ${name} \\ \" '",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab!",
    ]
}
