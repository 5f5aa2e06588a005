/**
 * Seed articles: one entry per article, with its text in all 7 locales. Inserted when missing
 * (by group key and language); operators edit them afterwards through the admin news calls.
 * Categories (c_id): 4 announcements, 5 banners, 10 policy, 11 header notices, 29 about, 30 support.
 * Content is HTML in the safe subset that the admin calls keep (p, h3/h4, ul/ol/li, strong, a, table...):
 * a unit test checks every text passes the sanitizer unchanged. Banner covers live in
 * apps/web/public/banners/ and are served by the web app as /banners/<name>.svg.
 */
export type NewsLang = 'zh' | 'en' | 'hk' | 'jp' | 'kor' | 'th' | 'ind';
export interface SeedArticle {
  key: string;
  c_id: number;
  sort: number;
  cover: string;
  text: Record<NewsLang, { title: string; abstract: string; content: string }>;
}

export const NEWS: SeedArticle[] = [
  // ---- Header notices (c_id 11): the hover list in the header and the help centre.
  {
    key: 'notice-welcome',
    c_id: 11,
    sort: 1,
    cover: '',
    text: {
      en: {
        title: 'Welcome to Oryx',
        abstract: 'An open exchange you can run yourself.',
        content:
          '<p>Oryx is an open-source exchange: every balance movement is a ledger entry you can trace, and every trade comes from the order book.</p><p>New here? Register, set a transaction password under account settings, then move funds between your spot, seconds and leverage wallets from the assets page.</p>',
      },
      zh: {
        title: '欢迎来到 Oryx',
        abstract: '一个可以自行部署的开源交易所。',
        content:
          '<p>Oryx 是开源交易所：每一笔资金变动都是可追溯的账本分录，每一笔成交都来自订单簿。</p><p>初次使用？请先注册，在账户设置中设置交易密码，然后在资产页面在现货、秒合约和杠杆钱包之间划转资金。</p>',
      },
      hk: {
        title: '歡迎來到 Oryx',
        abstract: '一個可以自行部署的開源交易所。',
        content:
          '<p>Oryx 是開源交易所：每一筆資金變動都是可追溯的賬本分錄，每一筆成交都來自訂單簿。</p><p>初次使用？請先註冊，在賬戶設定中設定交易密碼，然後在資產頁面在現貨、秒合約和槓桿錢包之間劃轉資金。</p>',
      },
      jp: {
        title: 'Oryx へようこそ',
        abstract: '自分で運用できるオープンな取引所です。',
        content:
          '<p>Oryx はオープンソースの取引所です。すべての残高の動きは追跡可能な元帳記録であり、すべての約定は板から生まれます。</p><p>初めての方は、登録後にアカウント設定で取引パスワードを設定し、資産ページで現物・秒オプション・レバレッジの各ウォレット間で資金を振り替えてください。</p>',
      },
      kor: {
        title: 'Oryx에 오신 것을 환영합니다',
        abstract: '직접 운영할 수 있는 오픈 거래소입니다.',
        content:
          '<p>Oryx는 오픈 소스 거래소입니다. 모든 잔액 변동은 추적 가능한 원장 기록이며, 모든 체결은 호가창에서 이루어집니다.</p><p>처음이신가요? 가입 후 계정 설정에서 거래 비밀번호를 설정하고, 자산 페이지에서 현물·초 단위 옵션·레버리지 지갑 간에 자금을 이체하세요.</p>',
      },
      th: {
        title: 'ยินดีต้อนรับสู่ Oryx',
        abstract: 'กระดานเทรดแบบเปิดที่คุณติดตั้งเองได้',
        content:
          '<p>Oryx เป็นกระดานเทรดโอเพนซอร์ส ทุกการเคลื่อนไหวของยอดเงินเป็นรายการบัญชีที่ตรวจสอบย้อนกลับได้ และทุกการซื้อขายมาจากสมุดคำสั่งซื้อขาย</p><p>เพิ่งเริ่มใช้งาน? สมัครสมาชิก ตั้งรหัสผ่านการทำธุรกรรมในการตั้งค่าบัญชี แล้วโอนเงินระหว่างกระเป๋าสปอต ออปชันรายวินาที และเลเวอเรจได้ที่หน้าสินทรัพย์</p>',
      },
      ind: {
        title: 'Selamat datang di Oryx',
        abstract: 'Bursa terbuka yang dapat Anda jalankan sendiri.',
        content:
          '<p>Oryx adalah bursa sumber terbuka: setiap pergerakan saldo adalah entri buku besar yang dapat ditelusuri, dan setiap transaksi berasal dari buku pesanan.</p><p>Baru di sini? Daftar, atur kata sandi transaksi di pengaturan akun, lalu pindahkan dana antara dompet spot, opsi detik, dan leverage dari halaman aset.</p>',
      },
    },
  },
  {
    key: 'notice-markets-open',
    c_id: 11,
    sort: 2,
    cover: '',
    text: {
      en: {
        title: 'Seven spot markets are open against USDT',
        abstract: 'BTC, ETH, LTC, XRP, DOGE, TRX and BNB trade around the clock.',
        content:
          '<p>The following markets are open for spot trading, 24 hours a day: <strong>BTC/USDT, ETH/USDT, LTC/USDT, XRP/USDT, DOGE/USDT, TRX/USDT and BNB/USDT</strong>.</p><p>BTC, ETH, LTC, XRP and DOGE are also open for seconds options, and BTC and ETH for leveraged contracts. Prices, 24-hour change and volume on the home page update live.</p>',
      },
      zh: {
        title: '七个 USDT 现货交易对已开放',
        abstract: 'BTC、ETH、LTC、XRP、DOGE、TRX、BNB 全天候交易。',
        content:
          '<p>以下交易对已开放现货交易，全天 24 小时可用：<strong>BTC/USDT、ETH/USDT、LTC/USDT、XRP/USDT、DOGE/USDT、TRX/USDT 和 BNB/USDT</strong>。</p><p>BTC、ETH、LTC、XRP 和 DOGE 同时开放秒合约，BTC 和 ETH 开放杠杆合约。首页的价格、24 小时涨跌和成交量实时更新。</p>',
      },
      hk: {
        title: '七個 USDT 現貨交易對已開放',
        abstract: 'BTC、ETH、LTC、XRP、DOGE、TRX、BNB 全天候交易。',
        content:
          '<p>以下交易對已開放現貨交易，全天 24 小時可用：<strong>BTC/USDT、ETH/USDT、LTC/USDT、XRP/USDT、DOGE/USDT、TRX/USDT 和 BNB/USDT</strong>。</p><p>BTC、ETH、LTC、XRP 和 DOGE 同時開放秒合約，BTC 和 ETH 開放槓桿合約。首頁的價格、24 小時漲跌和成交量實時更新。</p>',
      },
      jp: {
        title: 'USDT 建ての現物 7 市場を開設しました',
        abstract: 'BTC、ETH、LTC、XRP、DOGE、TRX、BNB を 24 時間取引できます。',
        content:
          '<p>次の市場で 24 時間現物取引ができます：<strong>BTC/USDT、ETH/USDT、LTC/USDT、XRP/USDT、DOGE/USDT、TRX/USDT、BNB/USDT</strong>。</p><p>BTC、ETH、LTC、XRP、DOGE は秒オプション、BTC と ETH はレバレッジ取引にも対応しています。ホームページの価格、24 時間変動、出来高はリアルタイムで更新されます。</p>',
      },
      kor: {
        title: 'USDT 현물 마켓 7개가 열렸습니다',
        abstract: 'BTC, ETH, LTC, XRP, DOGE, TRX, BNB를 24시간 거래할 수 있습니다.',
        content:
          '<p>다음 마켓에서 24시간 현물 거래가 가능합니다: <strong>BTC/USDT, ETH/USDT, LTC/USDT, XRP/USDT, DOGE/USDT, TRX/USDT, BNB/USDT</strong>.</p><p>BTC, ETH, LTC, XRP, DOGE는 초 단위 옵션도, BTC와 ETH는 레버리지 계약도 지원합니다. 홈페이지의 가격, 24시간 변동률, 거래량은 실시간으로 갱신됩니다.</p>',
      },
      th: {
        title: 'เปิดตลาดสปอต 7 คู่กับ USDT แล้ว',
        abstract: 'BTC, ETH, LTC, XRP, DOGE, TRX และ BNB ซื้อขายได้ตลอด 24 ชั่วโมง',
        content:
          '<p>ตลาดต่อไปนี้เปิดให้ซื้อขายสปอตตลอด 24 ชั่วโมง: <strong>BTC/USDT, ETH/USDT, LTC/USDT, XRP/USDT, DOGE/USDT, TRX/USDT และ BNB/USDT</strong></p><p>BTC, ETH, LTC, XRP และ DOGE เปิดให้เทรดออปชันรายวินาทีด้วย ส่วน BTC และ ETH เปิดสัญญาเลเวอเรจ ราคา การเปลี่ยนแปลง 24 ชั่วโมง และปริมาณบนหน้าแรกอัปเดตแบบเรียลไทม์</p>',
      },
      ind: {
        title: 'Tujuh pasar spot terhadap USDT telah dibuka',
        abstract: 'BTC, ETH, LTC, XRP, DOGE, TRX, dan BNB diperdagangkan 24 jam.',
        content:
          '<p>Pasar berikut terbuka untuk perdagangan spot 24 jam sehari: <strong>BTC/USDT, ETH/USDT, LTC/USDT, XRP/USDT, DOGE/USDT, TRX/USDT, dan BNB/USDT</strong>.</p><p>BTC, ETH, LTC, XRP, dan DOGE juga tersedia untuk opsi detik, serta BTC dan ETH untuk kontrak leverage. Harga, perubahan 24 jam, dan volume di beranda diperbarui secara langsung.</p>',
      },
    },
  },
  {
    key: 'notice-check-address',
    c_id: 11,
    sort: 3,
    cover: '',
    text: {
      en: {
        title: 'Check the address bar before you log in',
        abstract: 'Phishing sites copy our pages to steal passwords.',
        content:
          '<p>Fake sites copy exchange pages to collect passwords and verification codes. Before you log in:</p><ul><li>check the address in your browser is the one you bookmarked;</li><li>never open login links sent by chat or e-mail;</li><li>never share a verification code, even with someone who says they work for Oryx.</li></ul><p>If you entered your password on a site you are unsure of, change it at once and revoke your other sessions by logging out.</p>',
      },
      zh: {
        title: '登录前请核对网址',
        abstract: '钓鱼网站会仿冒我们的页面骗取密码。',
        content:
          '<p>钓鱼网站会仿冒交易所页面以骗取密码和验证码。登录前请：</p><ul><li>确认浏览器地址与您收藏的网址一致；</li><li>不要打开聊天工具或邮件中发来的登录链接；</li><li>不要把验证码告诉任何人，包括自称 Oryx 工作人员的人。</li></ul><p>如果您在可疑网站输入过密码，请立即修改密码并退出登录以注销其他会话。</p>',
      },
      hk: {
        title: '登入前請核對網址',
        abstract: '釣魚網站會仿冒我們的頁面騙取密碼。',
        content:
          '<p>釣魚網站會仿冒交易所頁面以騙取密碼和驗證碼。登入前請：</p><ul><li>確認瀏覽器地址與您收藏的網址一致；</li><li>不要打開聊天工具或郵件中發來的登入連結；</li><li>不要把驗證碼告訴任何人，包括自稱 Oryx 工作人員的人。</li></ul><p>如果您在可疑網站輸入過密碼，請立即修改密碼並登出以註銷其他會話。</p>',
      },
      jp: {
        title: 'ログイン前にアドレスバーを確認してください',
        abstract: 'フィッシングサイトはパスワードを盗むためにページを模倣します。',
        content:
          '<p>偽サイトは取引所のページを模倣し、パスワードや認証コードを盗もうとします。ログインの前に：</p><ul><li>ブラウザのアドレスがブックマークしたものと同じか確認してください。</li><li>チャットやメールで送られてきたログインリンクは開かないでください。</li><li>Oryx のスタッフを名乗る相手であっても、認証コードは教えないでください。</li></ul><p>不審なサイトでパスワードを入力した場合は、すぐに変更し、ログアウトして他のセッションを無効にしてください。</p>',
      },
      kor: {
        title: '로그인 전에 주소창을 확인하세요',
        abstract: '피싱 사이트는 비밀번호를 훔치기 위해 페이지를 복제합니다.',
        content:
          '<p>가짜 사이트는 거래소 페이지를 복제해 비밀번호와 인증 코드를 수집합니다. 로그인하기 전에:</p><ul><li>브라우저 주소가 즐겨찾기한 주소와 같은지 확인하세요.</li><li>채팅이나 이메일로 받은 로그인 링크를 열지 마세요.</li><li>Oryx 직원이라고 하는 사람에게도 인증 코드를 알려주지 마세요.</li></ul><p>의심스러운 사이트에 비밀번호를 입력했다면 즉시 변경하고 로그아웃하여 다른 세션을 종료하세요.</p>',
      },
      th: {
        title: 'ตรวจสอบแถบที่อยู่ก่อนเข้าสู่ระบบ',
        abstract: 'เว็บไซต์ฟิชชิงลอกเลียนหน้าเว็บของเราเพื่อขโมยรหัสผ่าน',
        content:
          '<p>เว็บไซต์ปลอมจะลอกเลียนหน้ากระดานเทรดเพื่อเก็บรหัสผ่านและรหัสยืนยัน ก่อนเข้าสู่ระบบ:</p><ul><li>ตรวจสอบว่าที่อยู่ในเบราว์เซอร์ตรงกับที่คุณบุ๊กมาร์กไว้</li><li>อย่าเปิดลิงก์เข้าสู่ระบบที่ส่งมาทางแชทหรืออีเมล</li><li>อย่าบอกรหัสยืนยันแก่ผู้ใดแม้จะอ้างว่าเป็นพนักงาน Oryx</li></ul><p>หากคุณเคยกรอกรหัสผ่านบนเว็บไซต์ที่ไม่แน่ใจ ให้เปลี่ยนรหัสผ่านทันทีและออกจากระบบเพื่อยกเลิกเซสชันอื่น</p>',
      },
      ind: {
        title: 'Periksa bilah alamat sebelum masuk',
        abstract: 'Situs phishing meniru halaman kami untuk mencuri kata sandi.',
        content:
          '<p>Situs palsu meniru halaman bursa untuk mengumpulkan kata sandi dan kode verifikasi. Sebelum masuk:</p><ul><li>pastikan alamat di browser sama dengan yang Anda simpan di bookmark;</li><li>jangan membuka tautan masuk yang dikirim lewat chat atau e-mail;</li><li>jangan pernah membagikan kode verifikasi, bahkan kepada orang yang mengaku staf Oryx.</li></ul><p>Jika Anda memasukkan kata sandi di situs yang meragukan, segera ubah kata sandi dan keluar untuk mencabut sesi lainnya.</p>',
      },
    },
  },
  {
    key: 'notice-maintenance-policy',
    c_id: 11,
    sort: 4,
    cover: '',
    text: {
      en: {
        title: 'How we announce maintenance',
        abstract: 'At least 24 hours ahead, here and in the header.',
        content:
          '<p>Planned maintenance is announced at least 24 hours ahead in the help centre and in this notice list, with the start time in UTC+8 and the expected length.</p><p>During maintenance open orders stay in the book and open seconds orders settle at their expiry with the last trade price recorded before the pause. Deposits arriving during the pause are credited once the service is back.</p>',
      },
      zh: {
        title: '维护公告说明',
        abstract: '至少提前 24 小时在此处和页头发布。',
        content:
          '<p>计划内维护至少提前 24 小时在帮助中心和本通知列表中公布，并注明开始时间（UTC+8）和预计时长。</p><p>维护期间挂单保留在订单簿中，未到期的秒合约按暂停前记录的最新成交价在到期时结算。维护期间到账的充值将在服务恢复后入账。</p>',
      },
      hk: {
        title: '維護公告說明',
        abstract: '至少提前 24 小時在此處和頁首發佈。',
        content:
          '<p>計劃內維護至少提前 24 小時在幫助中心和本通知列表中公佈，並註明開始時間（UTC+8）和預計時長。</p><p>維護期間掛單保留在訂單簿中，未到期的秒合約按暫停前記錄的最新成交價在到期時結算。維護期間到賬的充值將在服務恢復後入賬。</p>',
      },
      jp: {
        title: 'メンテナンスのお知らせについて',
        abstract: '少なくとも 24 時間前に、こことヘッダーでお知らせします。',
        content:
          '<p>計画メンテナンスは、開始時刻（UTC+8）と予定時間を添えて、少なくとも 24 時間前にヘルプセンターとこのお知らせ一覧で告知します。</p><p>メンテナンス中も注文は板に残り、未決済の秒オプションは停止前に記録された最終約定価格で満期時に決済されます。停止中に届いた入金はサービス再開後に反映されます。</p>',
      },
      kor: {
        title: '점검 공지 안내',
        abstract: '최소 24시간 전에 이곳과 상단 공지에 알립니다.',
        content:
          '<p>계획된 점검은 시작 시각(UTC+8)과 예상 소요 시간과 함께 최소 24시간 전에 고객센터와 이 공지 목록에 안내합니다.</p><p>점검 중에도 미체결 주문은 호가창에 남아 있으며, 진행 중인 초 단위 옵션은 중단 전에 기록된 최종 체결가로 만기 시 정산됩니다. 점검 중 도착한 입금은 서비스 재개 후 반영됩니다.</p>',
      },
      th: {
        title: 'วิธีที่เราประกาศการปิดปรับปรุง',
        abstract: 'ล่วงหน้าอย่างน้อย 24 ชั่วโมง ที่นี่และที่ส่วนหัว',
        content:
          '<p>การปิดปรับปรุงตามแผนจะประกาศล่วงหน้าอย่างน้อย 24 ชั่วโมงในศูนย์ช่วยเหลือและรายการประกาศนี้ พร้อมเวลาเริ่ม (UTC+8) และระยะเวลาโดยประมาณ</p><p>ระหว่างปิดปรับปรุง คำสั่งที่เปิดอยู่ยังคงอยู่ในสมุดคำสั่ง และออปชันรายวินาทีที่ยังไม่ครบกำหนดจะชำระราคาเมื่อครบกำหนดด้วยราคาซื้อขายล่าสุดที่บันทึกไว้ก่อนหยุด เงินฝากที่เข้ามาระหว่างนั้นจะเข้าบัญชีเมื่อระบบกลับมา</p>',
      },
      ind: {
        title: 'Cara kami mengumumkan pemeliharaan',
        abstract: 'Setidaknya 24 jam sebelumnya, di sini dan di header.',
        content:
          '<p>Pemeliharaan terjadwal diumumkan setidaknya 24 jam sebelumnya di pusat bantuan dan daftar pemberitahuan ini, dengan waktu mulai (UTC+8) dan perkiraan durasinya.</p><p>Selama pemeliharaan, pesanan terbuka tetap di buku pesanan, dan opsi detik yang masih berjalan diselesaikan saat jatuh tempo dengan harga transaksi terakhir yang tercatat sebelum jeda. Deposit yang tiba selama jeda dikreditkan setelah layanan kembali.</p>',
      },
    },
  },
  // ---- Announcements (c_id 4): the notice list.
  {
    key: 'announcement-anti-fraud',
    c_id: 4,
    sort: 1,
    cover: '',
    text: {
      en: {
        title: 'Beware of fraud',
        abstract: 'Oryx staff never ask for your password or codes.',
        content:
          '<p>Oryx staff will never ask for your password, your transaction password or a verification code. Never send funds to anyone claiming to be support.</p><h3>Common tricks</h3><ul><li>"Guaranteed profit" groups that ask you to deposit to a personal address.</li><li>Fake support accounts that ask for a screen share or a code "to verify your account".</li><li>Sellers who ask you to mark a C2C order paid before the money has arrived.</li></ul><p>Deposits are only ever made to the address shown on your own deposit page.</p>',
      },
      zh: {
        title: '谨防诈骗',
        abstract: 'Oryx 工作人员绝不会索要您的密码或验证码。',
        content:
          '<p>Oryx 工作人员绝不会索要您的登录密码、交易密码或验证码。请勿向任何自称客服的人转账。</p><h3>常见骗术</h3><ul><li>“稳赚不赔”群组要求您向个人地址充值。</li><li>假冒客服要求共享屏幕或索要验证码“核实账户”。</li><li>C2C 卖家在款项未到账时要求您先点击“已付款”。</li></ul><p>充值只应打入您本人充值页面上显示的地址。</p>',
      },
      hk: {
        title: '謹防詐騙',
        abstract: 'Oryx 工作人員絕不會索取您的密碼或驗證碼。',
        content:
          '<p>Oryx 工作人員絕不會索取您的登入密碼、交易密碼或驗證碼。請勿向任何自稱客服的人轉賬。</p><h3>常見騙術</h3><ul><li>「穩賺不賠」群組要求您向個人地址充值。</li><li>假冒客服要求分享螢幕或索取驗證碼「核實賬戶」。</li><li>C2C 賣家在款項未到賬時要求您先點擊「已付款」。</li></ul><p>充值只應打入您本人充值頁面上顯示的地址。</p>',
      },
      jp: {
        title: '詐欺にご注意ください',
        abstract: 'Oryx のスタッフがパスワードやコードを尋ねることはありません。',
        content:
          '<p>Oryx のスタッフがログインパスワード、取引パスワード、認証コードを尋ねることは決してありません。サポートを名乗る人物に送金しないでください。</p><h3>よくある手口</h3><ul><li>「必ず儲かる」と称して個人アドレスへの入金を求めるグループ。</li><li>「アカウント確認のため」と画面共有やコードを求める偽サポート。</li><li>入金前に C2C 注文を「支払い済み」にするよう求める売り手。</li></ul><p>入金は、ご自身の入金ページに表示されたアドレスにのみ行ってください。</p>',
      },
      kor: {
        title: '사기에 주의하세요',
        abstract: 'Oryx 직원은 절대 비밀번호나 인증 코드를 묻지 않습니다.',
        content:
          '<p>Oryx 직원은 로그인 비밀번호, 거래 비밀번호, 인증 코드를 절대 요구하지 않습니다. 고객지원을 사칭하는 사람에게 송금하지 마세요.</p><h3>흔한 수법</h3><ul><li>개인 주소로 입금하라는 "확정 수익" 그룹.</li><li>"계정 확인"을 이유로 화면 공유나 인증 코드를 요구하는 가짜 상담원.</li><li>돈이 도착하기 전에 C2C 주문을 "결제 완료"로 표시하라는 판매자.</li></ul><p>입금은 본인 입금 페이지에 표시된 주소로만 하세요.</p>',
      },
      th: {
        title: 'ระวังการหลอกลวง',
        abstract: 'เจ้าหน้าที่ Oryx จะไม่ขอรหัสผ่านหรือรหัสยืนยันของคุณ',
        content:
          '<p>เจ้าหน้าที่ Oryx จะไม่ขอรหัสผ่านเข้าสู่ระบบ รหัสผ่านการทำธุรกรรม หรือรหัสยืนยันของคุณ อย่าโอนเงินให้ผู้ที่อ้างว่าเป็นฝ่ายสนับสนุน</p><h3>กลโกงที่พบบ่อย</h3><ul><li>กลุ่ม "กำไรแน่นอน" ที่ให้ฝากเงินเข้าที่อยู่ส่วนตัว</li><li>ฝ่ายสนับสนุนปลอมที่ขอแชร์หน้าจอหรือขอรหัส "เพื่อยืนยันบัญชี"</li><li>ผู้ขาย C2C ที่ขอให้กด "ชำระแล้ว" ก่อนเงินจะเข้า</li></ul><p>ฝากเงินเฉพาะไปยังที่อยู่ที่แสดงในหน้าฝากเงินของคุณเองเท่านั้น</p>',
      },
      ind: {
        title: 'Waspadai penipuan',
        abstract: 'Staf Oryx tidak pernah meminta kata sandi atau kode Anda.',
        content:
          '<p>Staf Oryx tidak akan pernah meminta kata sandi masuk, kata sandi transaksi, atau kode verifikasi Anda. Jangan pernah mengirim dana kepada siapa pun yang mengaku sebagai dukungan.</p><h3>Trik yang umum</h3><ul><li>Grup "untung pasti" yang meminta Anda menyetor ke alamat pribadi.</li><li>Akun dukungan palsu yang meminta berbagi layar atau kode "untuk verifikasi akun".</li><li>Penjual C2C yang meminta Anda menandai pesanan sudah dibayar sebelum uang masuk.</li></ul><p>Deposit hanya dilakukan ke alamat yang tampil di halaman deposit Anda sendiri.</p>',
      },
    },
  },
  {
    key: 'announcement-seconds-options',
    c_id: 4,
    sort: 2,
    cover: '',
    text: {
      en: {
        title: 'Seconds options settle at the real last trade price',
        abstract: 'Open and end prices come from the spot order book and are recorded with each order.',
        content:
          "<p>Seconds options are open on BTC, ETH, LTC, XRP and DOGE against USDT. You choose a direction (up or down), a duration and a stake; the payout ratio of each duration is shown before you confirm.</p><p>The open price is the market's last trade price when your order is accepted, and the end price is the last trade price at expiry. Both are stored with the order together with the trades they came from, so every result can be checked. No one, including the operator, can change an outcome.</p>",
      },
      zh: {
        title: '秒合约按真实最新成交价结算',
        abstract: '开仓价和结算价均来自现货订单簿，并随订单记录。',
        content:
          '<p>秒合约已在 BTC、ETH、LTC、XRP 和 DOGE 的 USDT 交易对开放。您选择方向（涨或跌）、周期和金额；确认前会显示每个周期的收益率。</p><p>开仓价为订单受理时该市场的最新成交价，结算价为到期时的最新成交价。两者连同其来源成交一起保存在订单中，任何结果都可以核查。包括运营方在内，任何人都无法改变结果。</p>',
      },
      hk: {
        title: '秒合約按真實最新成交價結算',
        abstract: '開倉價和結算價均來自現貨訂單簿，並隨訂單記錄。',
        content:
          '<p>秒合約已在 BTC、ETH、LTC、XRP 和 DOGE 的 USDT 交易對開放。您選擇方向（漲或跌）、週期和金額；確認前會顯示每個週期的收益率。</p><p>開倉價為訂單受理時該市場的最新成交價，結算價為到期時的最新成交價。兩者連同其來源成交一起保存在訂單中，任何結果都可以核查。包括營運方在內，任何人都無法改變結果。</p>',
      },
      jp: {
        title: '秒オプションは実際の最終約定価格で決済されます',
        abstract: '始値と終値は現物の板から取られ、注文ごとに記録されます。',
        content:
          '<p>秒オプションは BTC、ETH、LTC、XRP、DOGE の USDT 市場で利用できます。方向（上昇・下落）、期間、金額を選ぶと、確定前に各期間の配当率が表示されます。</p><p>始値は注文受付時の市場の最終約定価格、終値は満期時の最終約定価格です。どちらも元になった約定とともに注文に保存されるため、すべての結果を検証できます。運営者を含め、誰も結果を変更できません。</p>',
      },
      kor: {
        title: '초 단위 옵션은 실제 최종 체결가로 정산됩니다',
        abstract: '시작가와 종료가는 현물 호가창에서 가져오며 주문마다 기록됩니다.',
        content:
          '<p>초 단위 옵션은 BTC, ETH, LTC, XRP, DOGE의 USDT 마켓에서 이용할 수 있습니다. 방향(상승·하락), 기간, 금액을 선택하면 확인 전에 기간별 수익률이 표시됩니다.</p><p>시작가는 주문 접수 시점의 최종 체결가, 종료가는 만기 시점의 최종 체결가입니다. 두 가격 모두 출처가 된 체결과 함께 주문에 저장되어 모든 결과를 검증할 수 있습니다. 운영자를 포함해 누구도 결과를 바꿀 수 없습니다.</p>',
      },
      th: {
        title: 'ออปชันรายวินาทีชำระราคาด้วยราคาซื้อขายล่าสุดจริง',
        abstract: 'ราคาเปิดและราคาปิดมาจากสมุดคำสั่งสปอตและบันทึกไว้กับทุกคำสั่ง',
        content:
          '<p>ออปชันรายวินาทีเปิดให้บริการในตลาด BTC, ETH, LTC, XRP และ DOGE กับ USDT คุณเลือกทิศทาง (ขึ้นหรือลง) ระยะเวลา และจำนวนเงิน โดยจะแสดงอัตราผลตอบแทนของแต่ละระยะเวลาก่อนยืนยัน</p><p>ราคาเปิดคือราคาซื้อขายล่าสุดของตลาดเมื่อคำสั่งได้รับการยอมรับ และราคาปิดคือราคาซื้อขายล่าสุดเมื่อครบกำหนด ทั้งสองถูกบันทึกพร้อมรายการซื้อขายที่มาของราคา จึงตรวจสอบผลได้ทุกครั้ง ไม่มีใครรวมถึงผู้ให้บริการสามารถเปลี่ยนผลลัพธ์ได้</p>',
      },
      ind: {
        title: 'Opsi detik diselesaikan dengan harga transaksi terakhir yang nyata',
        abstract: 'Harga buka dan harga akhir berasal dari buku pesanan spot dan dicatat di setiap pesanan.',
        content:
          '<p>Opsi detik tersedia untuk BTC, ETH, LTC, XRP, dan DOGE terhadap USDT. Anda memilih arah (naik atau turun), durasi, dan nominal; rasio pembayaran setiap durasi ditampilkan sebelum Anda mengonfirmasi.</p><p>Harga buka adalah harga transaksi terakhir pasar saat pesanan Anda diterima, dan harga akhir adalah harga transaksi terakhir saat jatuh tempo. Keduanya disimpan bersama pesanan beserta transaksi sumbernya, sehingga setiap hasil dapat diperiksa. Tidak ada seorang pun, termasuk operator, yang dapat mengubah hasil.</p>',
      },
    },
  },
  {
    key: 'announcement-trade-password',
    c_id: 4,
    sort: 3,
    cover: '',
    text: {
      en: {
        title: 'Set a transaction password before you withdraw',
        abstract: 'A second password protects withdrawals, C2C deals and some trades.',
        content:
          '<p>Withdrawals, C2C deals and spot trades ask for a transaction password that is separate from your login password. If someone learns your login password, they still cannot move your funds out.</p><p>Set it under <strong>Account settings → Transaction password</strong>. Choose 6 to 16 characters that you do not use anywhere else.</p>',
      },
      zh: {
        title: '提币前请设置交易密码',
        abstract: '第二道密码保护提币、C2C 交易和部分交易。',
        content:
          '<p>提币、C2C 交易和现货交易需要输入与登录密码不同的交易密码。即使他人得知您的登录密码，也无法转走您的资金。</p><p>请在<strong>账户设置 → 交易密码</strong>中设置，使用 6 到 16 位、未在其他地方使用过的字符。</p>',
      },
      hk: {
        title: '提幣前請設定交易密碼',
        abstract: '第二道密碼保護提幣、C2C 交易和部分交易。',
        content:
          '<p>提幣、C2C 交易和現貨交易需要輸入與登入密碼不同的交易密碼。即使他人得知您的登入密碼，也無法轉走您的資金。</p><p>請在<strong>賬戶設定 → 交易密碼</strong>中設定，使用 6 到 16 位、未在其他地方使用過的字元。</p>',
      },
      jp: {
        title: '出金前に取引パスワードを設定してください',
        abstract: '2 つ目のパスワードが出金、C2C 取引、一部の取引を守ります。',
        content:
          '<p>出金、C2C 取引、現物取引では、ログインパスワードとは別の取引パスワードが必要です。ログインパスワードが漏れても、資金を持ち出すことはできません。</p><p><strong>アカウント設定 → 取引パスワード</strong>で、他で使っていない 6〜16 文字を設定してください。</p>',
      },
      kor: {
        title: '출금 전에 거래 비밀번호를 설정하세요',
        abstract: '두 번째 비밀번호가 출금, C2C 거래, 일부 거래를 보호합니다.',
        content:
          '<p>출금, C2C 거래, 현물 거래에는 로그인 비밀번호와 다른 거래 비밀번호가 필요합니다. 누군가 로그인 비밀번호를 알아내도 자금을 옮길 수 없습니다.</p><p><strong>계정 설정 → 거래 비밀번호</strong>에서 다른 곳에 쓰지 않는 6~16자로 설정하세요.</p>',
      },
      th: {
        title: 'ตั้งรหัสผ่านการทำธุรกรรมก่อนถอนเงิน',
        abstract: 'รหัสผ่านชุดที่สองช่วยปกป้องการถอน ดีล C2C และการซื้อขายบางรายการ',
        content:
          '<p>การถอน ดีล C2C และการซื้อขายสปอตต้องใช้รหัสผ่านการทำธุรกรรมที่แยกจากรหัสผ่านเข้าสู่ระบบ แม้มีคนรู้รหัสผ่านเข้าสู่ระบบของคุณ ก็ยังโอนเงินออกไม่ได้</p><p>ตั้งได้ที่ <strong>การตั้งค่าบัญชี → รหัสผ่านการทำธุรกรรม</strong> ใช้ 6 ถึง 16 ตัวอักษรที่ไม่ได้ใช้ที่อื่น</p>',
      },
      ind: {
        title: 'Atur kata sandi transaksi sebelum menarik dana',
        abstract: 'Kata sandi kedua melindungi penarikan, transaksi C2C, dan sebagian perdagangan.',
        content:
          '<p>Penarikan, transaksi C2C, dan perdagangan spot meminta kata sandi transaksi yang terpisah dari kata sandi masuk. Jika seseorang mengetahui kata sandi masuk Anda, mereka tetap tidak dapat memindahkan dana Anda keluar.</p><p>Atur di <strong>Pengaturan akun → Kata sandi transaksi</strong>. Pilih 6 sampai 16 karakter yang tidak Anda gunakan di tempat lain.</p>',
      },
    },
  },
  // ---- Banners (c_id 5): the home and all-markets carousels. The title and abstract are drawn over the
  // cover by the web app, so the SVG covers carry no text and serve every language.
  {
    key: 'banner-open-ledger',
    c_id: 5,
    sort: 1,
    cover: '/banners/banner-1.svg',
    text: {
      en: {
        title: 'Every balance, traceable',
        abstract: 'A double-entry ledger behind every account.',
        content:
          '<p>Every deposit, trade, fee and transfer is written twice, as a debit and a credit, in the same database transaction as the change it records. Per currency the books always sum to zero, and a check command recomputes every balance from the journal.</p>',
      },
      zh: {
        title: '每一笔余额都可追溯',
        abstract: '每个账户背后都是复式记账账本。',
        content:
          '<p>每一笔充值、成交、手续费和划转都以借贷两条分录记录，并与其所记录的变动在同一数据库事务中写入。每种币种的账目总和始终为零，核对命令可以根据流水重新计算每一笔余额。</p>',
      },
      hk: {
        title: '每一筆餘額都可追溯',
        abstract: '每個賬戶背後都是複式記賬賬本。',
        content:
          '<p>每一筆充值、成交、手續費和劃轉都以借貸兩條分錄記錄，並與其所記錄的變動在同一資料庫事務中寫入。每種幣種的賬目總和始終為零，核對命令可以根據流水重新計算每一筆餘額。</p>',
      },
      jp: {
        title: 'すべての残高を追跡可能に',
        abstract: 'すべての口座の裏に複式簿記の元帳があります。',
        content:
          '<p>入金、約定、手数料、振替はすべて借方と貸方の 2 行として、記録対象の変更と同じデータベーストランザクション内で書き込まれます。通貨ごとの合計は常にゼロで、検証コマンドが仕訳からすべての残高を再計算します。</p>',
      },
      kor: {
        title: '모든 잔액을 추적 가능하게',
        abstract: '모든 계정 뒤에는 복식부기 원장이 있습니다.',
        content:
          '<p>모든 입금, 체결, 수수료, 이체는 차변과 대변 두 줄로, 기록하는 변경과 같은 데이터베이스 트랜잭션 안에서 기록됩니다. 통화별 합계는 항상 0이며, 점검 명령이 분개장에서 모든 잔액을 다시 계산합니다.</p>',
      },
      th: {
        title: 'ทุกยอดเงินตรวจสอบได้',
        abstract: 'ทุกบัญชีมีสมุดบัญชีแยกประเภทแบบบัญชีคู่อยู่เบื้องหลัง',
        content:
          '<p>ทุกการฝาก การซื้อขาย ค่าธรรมเนียม และการโอน ถูกบันทึกสองรายการเป็นเดบิตและเครดิต ในธุรกรรมฐานข้อมูลเดียวกับการเปลี่ยนแปลงนั้น ยอดรวมของแต่ละสกุลเงินเป็นศูนย์เสมอ และคำสั่งตรวจสอบสามารถคำนวณทุกยอดใหม่จากสมุดรายวัน</p>',
      },
      ind: {
        title: 'Setiap saldo dapat ditelusuri',
        abstract: 'Buku besar entri ganda di balik setiap akun.',
        content:
          '<p>Setiap deposit, transaksi, biaya, dan transfer ditulis dua kali, sebagai debit dan kredit, dalam transaksi basis data yang sama dengan perubahan yang dicatatnya. Per mata uang, pembukuan selalu berjumlah nol, dan perintah pemeriksaan menghitung ulang setiap saldo dari jurnal.</p>',
      },
    },
  },
  {
    key: 'banner-seconds-options',
    c_id: 5,
    sort: 2,
    cover: '/banners/banner-2.svg',
    text: {
      en: {
        title: 'Seconds options, settled in the open',
        abstract: 'Up or down in 60 seconds, priced by real trades.',
        content:
          "<p>Pick a market, a direction and a duration. The open and end prices are the order book's last trades, recorded with your order so you can check every result.</p>",
      },
      zh: {
        title: '秒合约，公开透明结算',
        abstract: '60 秒看涨看跌，按真实成交定价。',
        content:
          '<p>选择交易对、方向和周期。开仓价和结算价均为订单簿的最新成交，并随订单记录，每个结果都可核查。</p>',
      },
      hk: {
        title: '秒合約，公開透明結算',
        abstract: '60 秒看漲看跌，按真實成交定價。',
        content:
          '<p>選擇交易對、方向和週期。開倉價和結算價均為訂單簿的最新成交，並隨訂單記錄，每個結果都可核查。</p>',
      },
      jp: {
        title: '秒オプションを透明な決済で',
        abstract: '60 秒で上昇か下落か。価格は実際の約定から。',
        content:
          '<p>市場、方向、期間を選ぶだけ。始値と終値は板の最終約定で、注文とともに記録されるため、すべての結果を確認できます。</p>',
      },
      kor: {
        title: '투명하게 정산되는 초 단위 옵션',
        abstract: '60초 동안 상승 또는 하락, 실제 체결가로 가격 결정.',
        content:
          '<p>마켓, 방향, 기간을 선택하세요. 시작가와 종료가는 호가창의 최종 체결이며 주문과 함께 기록되어 모든 결과를 확인할 수 있습니다.</p>',
      },
      th: {
        title: 'ออปชันรายวินาที ชำระราคาอย่างโปร่งใส',
        abstract: 'ขึ้นหรือลงใน 60 วินาที ราคาจากการซื้อขายจริง',
        content:
          '<p>เลือกตลาด ทิศทาง และระยะเวลา ราคาเปิดและราคาปิดคือราคาซื้อขายล่าสุดของสมุดคำสั่ง บันทึกไว้กับคำสั่งของคุณเพื่อให้ตรวจสอบได้ทุกผลลัพธ์</p>',
      },
      ind: {
        title: 'Opsi detik, diselesaikan secara terbuka',
        abstract: 'Naik atau turun dalam 60 detik, dihargai dari transaksi nyata.',
        content:
          '<p>Pilih pasar, arah, dan durasi. Harga buka dan harga akhir adalah transaksi terakhir di buku pesanan, dicatat bersama pesanan Anda agar setiap hasil dapat diperiksa.</p>',
      },
    },
  },
  {
    key: 'banner-live-markets',
    c_id: 5,
    sort: 3,
    cover: '/banners/banner-3.svg',
    text: {
      en: {
        title: 'Live markets, real order books',
        abstract: 'Seven USDT markets with depth and prices pushed in real time.',
        content:
          '<p>Orders are matched by price, then time. Depth, trades and 24-hour statistics reach your screen the moment they change.</p>',
      },
      zh: {
        title: '实时行情，真实订单簿',
        abstract: '七个 USDT 交易对，深度与价格实时推送。',
        content: '<p>订单按价格优先、时间优先撮合。深度、成交和 24 小时统计一有变化即推送到您的屏幕。</p>',
      },
      hk: {
        title: '實時行情，真實訂單簿',
        abstract: '七個 USDT 交易對，深度與價格實時推送。',
        content: '<p>訂單按價格優先、時間優先撮合。深度、成交和 24 小時統計一有變化即推送到您的螢幕。</p>',
      },
      jp: {
        title: 'ライブ相場、本物の板',
        abstract: 'USDT 建て 7 市場の板と価格をリアルタイムで配信。',
        content:
          '<p>注文は価格優先・時間優先でマッチングされます。板、約定、24 時間統計は変化した瞬間に画面へ届きます。</p>',
      },
      kor: {
        title: '실시간 시세, 진짜 호가창',
        abstract: 'USDT 마켓 7개의 호가와 가격을 실시간으로 전송합니다.',
        content:
          '<p>주문은 가격 우선, 시간 우선으로 체결됩니다. 호가, 체결, 24시간 통계는 바뀌는 즉시 화면에 표시됩니다.</p>',
      },
      th: {
        title: 'ตลาดสด สมุดคำสั่งจริง',
        abstract: 'ตลาด USDT 7 คู่ ส่งความลึกและราคาแบบเรียลไทม์',
        content:
          '<p>คำสั่งจับคู่ตามราคาแล้วตามเวลา ความลึกตลาด การซื้อขาย และสถิติ 24 ชั่วโมงจะแสดงบนหน้าจอทันทีที่เปลี่ยนแปลง</p>',
      },
      ind: {
        title: 'Pasar langsung, buku pesanan nyata',
        abstract: 'Tujuh pasar USDT dengan kedalaman dan harga yang dikirim secara langsung.',
        content:
          '<p>Pesanan dicocokkan berdasarkan harga, lalu waktu. Kedalaman, transaksi, dan statistik 24 jam sampai ke layar Anda saat berubah.</p>',
      },
    },
  },
  // ---- Policy (c_id 10): the user agreement linked from registration (/policy shows list[0]).
  {
    key: 'policy-terms',
    c_id: 10,
    sort: 1,
    cover: '',
    text: {
      en: {
        title: 'User agreement',
        abstract: 'The terms of using Oryx.',
        content:
          '<p>By registering an account you accept these terms. Please read them together with the risk warning in the help centre.</p>' +
          '<h3>1. Eligibility</h3><p>You must be of legal age where you live and allowed by local law to trade digital assets. Some features (C2C, larger withdrawals) require identity verification.</p>' +
          '<h3>2. Accounts</h3><p>You are responsible for keeping your password and transaction password secret. One person, one account. Tell us at once if you suspect someone else has used your account.</p>' +
          '<h3>3. Orders and fees</h3><p>An order that has been matched is final. Fees are shown before you trade and are charged in favour of the exchange when a result has to be rounded to the smallest unit.</p>' +
          '<h3>4. Seconds options and leverage</h3><p>Seconds options pay the shown ratio when the direction is right and lose the stake when it is wrong. Leveraged positions can be closed automatically when the risk rate reaches the liquidation level. Both can lose the whole amount committed.</p>' +
          '<h3>5. Deposits and withdrawals</h3><p>Send only the currency and network shown on your deposit page. Withdrawals are reviewed and can be delayed or refused when we suspect fraud or when the law requires it.</p>' +
          "<h3>6. Prohibited use</h3><p>Market manipulation, money laundering, using someone else's identity and attacking the service are forbidden and lead to the account being frozen.</p>" +
          "<h3>7. Liability</h3><p>Digital asset prices are volatile. We do not give investment advice and are not liable for trading losses. We keep user funds separate from the exchange's own accounts in the ledger.</p>" +
          '<h3>8. Changes</h3><p>We announce changes to these terms in the help centre at least 7 days before they apply.</p>',
      },
      zh: {
        title: '用户协议',
        abstract: '使用 Oryx 的条款。',
        content:
          '<p>注册账户即表示您接受本协议。请与帮助中心的风险提示一并阅读。</p>' +
          '<h3>1. 资格</h3><p>您须已达到所在地法定年龄，且当地法律允许您交易数字资产。部分功能（C2C、大额提币）需要完成身份认证。</p>' +
          '<h3>2. 账户</h3><p>您有责任对登录密码和交易密码保密。一人一户。如怀疑账户被他人使用，请立即告知我们。</p>' +
          '<h3>3. 订单与手续费</h3><p>已成交的订单不可撤销。手续费在交易前显示；需要取整到最小单位时，按有利于交易所的方向取整。</p>' +
          '<h3>4. 秒合约与杠杆</h3><p>秒合约方向正确时按显示的收益率获利，方向错误时损失本金。杠杆仓位在风险率达到强平线时可能被自动平仓。两者都可能损失全部投入。</p>' +
          '<h3>5. 充值与提币</h3><p>请仅向充值页面显示的币种和网络转账。当我们怀疑存在欺诈或法律要求时，提币可能被延迟或拒绝。</p>' +
          '<h3>6. 禁止行为</h3><p>禁止操纵市场、洗钱、冒用他人身份及攻击本服务，违者账户将被冻结。</p>' +
          '<h3>7. 责任</h3><p>数字资产价格波动剧烈。我们不提供投资建议，不对交易亏损负责。用户资金在账本中与交易所自有账户分开记录。</p>' +
          '<h3>8. 变更</h3><p>本协议如有变更，我们将至少提前 7 天在帮助中心公布。</p>',
      },
      hk: {
        title: '用戶協議',
        abstract: '使用 Oryx 的條款。',
        content:
          '<p>註冊賬戶即表示您接受本協議。請與幫助中心的風險提示一併閱讀。</p>' +
          '<h3>1. 資格</h3><p>您須已達到所在地法定年齡，且當地法律允許您交易數字資產。部分功能（C2C、大額提幣）需要完成身份認證。</p>' +
          '<h3>2. 賬戶</h3><p>您有責任對登入密碼和交易密碼保密。一人一戶。如懷疑賬戶被他人使用，請立即告知我們。</p>' +
          '<h3>3. 訂單與手續費</h3><p>已成交的訂單不可撤銷。手續費在交易前顯示；需要取整到最小單位時，按有利於交易所的方向取整。</p>' +
          '<h3>4. 秒合約與槓桿</h3><p>秒合約方向正確時按顯示的收益率獲利，方向錯誤時損失本金。槓桿倉位在風險率達到強平線時可能被自動平倉。兩者都可能損失全部投入。</p>' +
          '<h3>5. 充值與提幣</h3><p>請僅向充值頁面顯示的幣種和網絡轉賬。當我們懷疑存在欺詐或法律要求時，提幣可能被延遲或拒絕。</p>' +
          '<h3>6. 禁止行為</h3><p>禁止操縱市場、洗錢、冒用他人身份及攻擊本服務，違者賬戶將被凍結。</p>' +
          '<h3>7. 責任</h3><p>數字資產價格波動劇烈。我們不提供投資建議，不對交易虧損負責。用戶資金在賬本中與交易所自有賬戶分開記錄。</p>' +
          '<h3>8. 變更</h3><p>本協議如有變更，我們將至少提前 7 天在幫助中心公佈。</p>',
      },
      jp: {
        title: '利用規約',
        abstract: 'Oryx の利用条件。',
        content:
          '<p>アカウントを登録すると本規約に同意したものとみなされます。ヘルプセンターのリスク警告とあわせてお読みください。</p>' +
          '<h3>1. 利用資格</h3><p>居住地の成年年齢に達し、現地の法律でデジタル資産の取引が認められている必要があります。一部の機能（C2C、高額出金）には本人確認が必要です。</p>' +
          '<h3>2. アカウント</h3><p>パスワードと取引パスワードの管理はお客様の責任です。1 人 1 アカウントです。第三者の使用が疑われる場合はすぐにご連絡ください。</p>' +
          '<h3>3. 注文と手数料</h3><p>約定した注文は取り消せません。手数料は取引前に表示され、最小単位への丸めが必要な場合は取引所に有利な方向に丸められます。</p>' +
          '<h3>4. 秒オプションとレバレッジ</h3><p>秒オプションは方向が正しければ表示された配当率で利益となり、誤っていれば元本を失います。レバレッジポジションはリスク率が強制決済水準に達すると自動決済されることがあります。どちらも投入額をすべて失う可能性があります。</p>' +
          '<h3>5. 入金と出金</h3><p>入金ページに表示された通貨とネットワークでのみ送金してください。不正の疑いがある場合や法律で求められる場合、出金は遅延または拒否されることがあります。</p>' +
          '<h3>6. 禁止事項</h3><p>相場操縦、マネーロンダリング、他人の身分の利用、サービスへの攻撃は禁止されており、アカウントは凍結されます。</p>' +
          '<h3>7. 責任</h3><p>デジタル資産の価格は大きく変動します。当社は投資助言を行わず、取引による損失の責任を負いません。利用者の資金は元帳上で取引所自身の口座と区別されています。</p>' +
          '<h3>8. 変更</h3><p>本規約を変更する場合は、適用の少なくとも 7 日前にヘルプセンターで告知します。</p>',
      },
      kor: {
        title: '이용 약관',
        abstract: 'Oryx 이용 조건.',
        content:
          '<p>계정을 등록하면 본 약관에 동의한 것으로 간주됩니다. 고객센터의 위험 고지와 함께 읽어 주세요.</p>' +
          '<h3>1. 자격</h3><p>거주 지역의 성년 연령에 도달했으며 현지 법률상 디지털 자산 거래가 허용되어야 합니다. 일부 기능(C2C, 고액 출금)은 본인 인증이 필요합니다.</p>' +
          '<h3>2. 계정</h3><p>비밀번호와 거래 비밀번호를 안전하게 보관할 책임은 사용자에게 있습니다. 1인 1계정입니다. 다른 사람이 계정을 사용한 것으로 의심되면 즉시 알려 주세요.</p>' +
          '<h3>3. 주문과 수수료</h3><p>체결된 주문은 취소할 수 없습니다. 수수료는 거래 전에 표시되며, 최소 단위로 반올림이 필요할 때는 거래소에 유리한 방향으로 처리됩니다.</p>' +
          '<h3>4. 초 단위 옵션과 레버리지</h3><p>초 단위 옵션은 방향이 맞으면 표시된 수익률만큼 수익을 얻고 틀리면 원금을 잃습니다. 레버리지 포지션은 위험률이 청산 기준에 도달하면 자동으로 청산될 수 있습니다. 둘 다 투입한 금액 전부를 잃을 수 있습니다.</p>' +
          '<h3>5. 입금과 출금</h3><p>입금 페이지에 표시된 통화와 네트워크로만 보내세요. 사기가 의심되거나 법률이 요구하는 경우 출금이 지연되거나 거절될 수 있습니다.</p>' +
          '<h3>6. 금지 행위</h3><p>시세 조종, 자금 세탁, 타인 명의 사용, 서비스 공격은 금지되며 계정이 동결됩니다.</p>' +
          '<h3>7. 책임</h3><p>디지털 자산 가격은 변동성이 큽니다. 당사는 투자 조언을 하지 않으며 거래 손실에 책임지지 않습니다. 사용자 자금은 원장에서 거래소 자체 계정과 분리되어 기록됩니다.</p>' +
          '<h3>8. 변경</h3><p>약관을 변경하는 경우 적용 최소 7일 전에 고객센터에 공지합니다.</p>',
      },
      th: {
        title: 'ข้อตกลงผู้ใช้',
        abstract: 'เงื่อนไขการใช้ Oryx',
        content:
          '<p>เมื่อคุณสมัครบัญชี ถือว่าคุณยอมรับข้อตกลงนี้ โปรดอ่านร่วมกับคำเตือนความเสี่ยงในศูนย์ช่วยเหลือ</p>' +
          '<h3>1. คุณสมบัติ</h3><p>คุณต้องบรรลุนิติภาวะตามกฎหมายที่คุณอาศัยอยู่ และกฎหมายท้องถิ่นอนุญาตให้ซื้อขายสินทรัพย์ดิจิทัล บางฟีเจอร์ (C2C การถอนจำนวนมาก) ต้องยืนยันตัวตน</p>' +
          '<h3>2. บัญชี</h3><p>คุณมีหน้าที่เก็บรักษารหัสผ่านและรหัสผ่านการทำธุรกรรมเป็นความลับ หนึ่งคนหนึ่งบัญชี หากสงสัยว่ามีผู้อื่นใช้บัญชีของคุณ โปรดแจ้งเราทันที</p>' +
          '<h3>3. คำสั่งและค่าธรรมเนียม</h3><p>คำสั่งที่จับคู่แล้วถือเป็นที่สุด ค่าธรรมเนียมแสดงก่อนทำรายการ และเมื่อต้องปัดเศษเป็นหน่วยเล็กสุดจะปัดเข้าทางกระดานเทรด</p>' +
          '<h3>4. ออปชันรายวินาทีและเลเวอเรจ</h3><p>ออปชันรายวินาทีจ่ายตามอัตราที่แสดงเมื่อทายทิศทางถูก และเสียเงินต้นเมื่อทายผิด สถานะเลเวอเรจอาจถูกปิดอัตโนมัติเมื่ออัตราความเสี่ยงถึงระดับบังคับปิด ทั้งสองอย่างอาจสูญเสียเงินที่ลงไปทั้งหมด</p>' +
          '<h3>5. การฝากและการถอน</h3><p>ส่งเฉพาะสกุลเงินและเครือข่ายที่แสดงในหน้าฝากเงินของคุณ การถอนจะได้รับการตรวจสอบ และอาจล่าช้าหรือถูกปฏิเสธเมื่อสงสัยว่ามีการฉ้อโกงหรือเมื่อกฎหมายกำหนด</p>' +
          '<h3>6. การใช้งานที่ห้าม</h3><p>ห้ามปั่นราคา ฟอกเงิน ใช้ตัวตนของผู้อื่น และโจมตีบริการ ผู้ฝ่าฝืนจะถูกอายัดบัญชี</p>' +
          '<h3>7. ความรับผิด</h3><p>ราคาสินทรัพย์ดิจิทัลผันผวน เราไม่ให้คำแนะนำการลงทุนและไม่รับผิดชอบต่อการขาดทุนจากการซื้อขาย เงินของผู้ใช้ถูกบันทึกแยกจากบัญชีของกระดานเทรดในสมุดบัญชี</p>' +
          '<h3>8. การเปลี่ยนแปลง</h3><p>เราจะประกาศการเปลี่ยนแปลงข้อตกลงนี้ในศูนย์ช่วยเหลืออย่างน้อย 7 วันก่อนมีผล</p>',
      },
      ind: {
        title: 'Perjanjian pengguna',
        abstract: 'Ketentuan penggunaan Oryx.',
        content:
          '<p>Dengan mendaftarkan akun, Anda menerima ketentuan ini. Bacalah bersama peringatan risiko di pusat bantuan.</p>' +
          '<h3>1. Kelayakan</h3><p>Anda harus sudah dewasa menurut hukum di tempat tinggal Anda dan diizinkan oleh hukum setempat untuk memperdagangkan aset digital. Beberapa fitur (C2C, penarikan besar) memerlukan verifikasi identitas.</p>' +
          '<h3>2. Akun</h3><p>Anda bertanggung jawab menjaga kerahasiaan kata sandi dan kata sandi transaksi Anda. Satu orang, satu akun. Beri tahu kami segera jika Anda menduga orang lain menggunakan akun Anda.</p>' +
          '<h3>3. Pesanan dan biaya</h3><p>Pesanan yang sudah dicocokkan bersifat final. Biaya ditampilkan sebelum Anda berdagang dan dibulatkan untuk pihak bursa bila hasil harus dibulatkan ke unit terkecil.</p>' +
          '<h3>4. Opsi detik dan leverage</h3><p>Opsi detik membayar rasio yang ditampilkan bila arahnya benar dan kehilangan nominal bila salah. Posisi leverage dapat ditutup otomatis saat tingkat risiko mencapai batas likuidasi. Keduanya dapat kehilangan seluruh dana yang digunakan.</p>' +
          '<h3>5. Deposit dan penarikan</h3><p>Kirim hanya mata uang dan jaringan yang tampil di halaman deposit Anda. Penarikan ditinjau dan dapat ditunda atau ditolak bila kami menduga penipuan atau bila hukum mewajibkannya.</p>' +
          '<h3>6. Penggunaan terlarang</h3><p>Manipulasi pasar, pencucian uang, menggunakan identitas orang lain, dan menyerang layanan dilarang dan menyebabkan akun dibekukan.</p>' +
          '<h3>7. Tanggung jawab</h3><p>Harga aset digital sangat fluktuatif. Kami tidak memberikan saran investasi dan tidak bertanggung jawab atas kerugian perdagangan. Dana pengguna dicatat terpisah dari akun milik bursa di buku besar.</p>' +
          '<h3>8. Perubahan</h3><p>Kami mengumumkan perubahan ketentuan ini di pusat bantuan setidaknya 7 hari sebelum berlaku.</p>',
      },
    },
  },
  // ---- About (c_id 29): the footer's About column.
  {
    key: 'about-oryx',
    c_id: 29,
    sort: 1,
    cover: '',
    text: {
      en: {
        title: 'About Oryx',
        abstract: 'Who we are.',
        content:
          '<p>Oryx is an open-source exchange stack: spot, seconds options, leverage, C2C and wallets, honest by construction.</p><p>Orders meet in a real order book with price-time priority, every balance change is a double-entry ledger record, and seconds options settle at recorded trade prices that anyone can check.</p>',
      },
      zh: {
        title: '关于 Oryx',
        abstract: '我们是谁。',
        content:
          '<p>Oryx 是开源交易所系统：现货、秒合约、杠杆、C2C 与钱包，从设计上保证诚实。</p><p>订单在真实的订单簿中按价格优先、时间优先撮合，每一次余额变动都是复式记账记录，秒合约按可供任何人核查的已记录成交价结算。</p>',
      },
      hk: {
        title: '關於 Oryx',
        abstract: '我們是誰。',
        content:
          '<p>Oryx 是開源交易所系統：現貨、秒合約、槓桿、C2C 與錢包，從設計上保證誠實。</p><p>訂單在真實的訂單簿中按價格優先、時間優先撮合，每一次餘額變動都是複式記賬記錄，秒合約按可供任何人核查的已記錄成交價結算。</p>',
      },
      jp: {
        title: 'Oryx について',
        abstract: '私たちについて。',
        content:
          '<p>Oryx はオープンソースの取引所スタックです。現物、秒オプション、レバレッジ、C2C、ウォレットを、設計段階から誠実に。</p><p>注文は価格・時間優先の本物の板で約定し、残高の変動はすべて複式簿記で記録され、秒オプションは誰でも確認できる記録済みの約定価格で決済されます。</p>',
      },
      kor: {
        title: 'Oryx 소개',
        abstract: '우리는 누구인가.',
        content:
          '<p>Oryx는 오픈 소스 거래소 스택입니다. 현물, 초 단위 옵션, 레버리지, C2C, 지갑을 설계부터 정직하게 제공합니다.</p><p>주문은 가격·시간 우선의 실제 호가창에서 체결되고, 모든 잔액 변동은 복식부기로 기록되며, 초 단위 옵션은 누구나 확인할 수 있는 기록된 체결가로 정산됩니다.</p>',
      },
      th: {
        title: 'เกี่ยวกับ Oryx',
        abstract: 'เราคือใคร',
        content:
          '<p>Oryx คือระบบกระดานเทรดโอเพนซอร์ส: สปอต ออปชันรายวินาที เลเวอเรจ C2C และกระเป๋าเงิน ที่ซื่อตรงตั้งแต่การออกแบบ</p><p>คำสั่งจับคู่ในสมุดคำสั่งจริงตามราคาและเวลา ทุกการเปลี่ยนแปลงยอดเงินเป็นรายการบัญชีคู่ และออปชันรายวินาทีชำระราคาด้วยราคาซื้อขายที่บันทึกไว้ซึ่งทุกคนตรวจสอบได้</p>',
      },
      ind: {
        title: 'Tentang Oryx',
        abstract: 'Siapa kami.',
        content:
          '<p>Oryx adalah tumpukan bursa sumber terbuka: spot, opsi detik, leverage, C2C, dan dompet, jujur sejak dirancang.</p><p>Pesanan bertemu di buku pesanan nyata dengan prioritas harga-waktu, setiap perubahan saldo adalah catatan buku besar entri ganda, dan opsi detik diselesaikan dengan harga transaksi tercatat yang dapat diperiksa siapa saja.</p>',
      },
    },
  },
  {
    key: 'about-open-source',
    c_id: 29,
    sort: 2,
    cover: '',
    text: {
      en: {
        title: 'Open source and verifiable',
        abstract: 'Read the code that holds your balance.',
        content:
          '<p>All of Oryx, the matching engine, the ledger, the settlement of seconds options and this website, is published under the MIT licence. Anyone can run it, read it and check that it does what these pages say.</p><ul><li>The matching engine is tested against a simple reference book with seeded random replays.</li><li>A ledger check recomputes every balance from the journal.</li><li>Settlement records name the trades their prices came from.</li></ul>',
      },
      zh: {
        title: '开源且可验证',
        abstract: '阅读保管您余额的代码。',
        content:
          '<p>Oryx 的全部内容，包括撮合引擎、账本、秒合约结算和本网站，均以 MIT 许可证发布。任何人都可以运行、阅读并核实它是否如本页面所述运作。</p><ul><li>撮合引擎通过随机种子回放与简单参考订单簿对比测试。</li><li>账本核对会根据流水重新计算每一笔余额。</li><li>结算记录注明其价格来源于哪些成交。</li></ul>',
      },
      hk: {
        title: '開源且可驗證',
        abstract: '閱讀保管您餘額的程式碼。',
        content:
          '<p>Oryx 的全部內容，包括撮合引擎、賬本、秒合約結算和本網站，均以 MIT 授權發佈。任何人都可以運行、閱讀並核實它是否如本頁面所述運作。</p><ul><li>撮合引擎通過隨機種子回放與簡單參考訂單簿對比測試。</li><li>賬本核對會根據流水重新計算每一筆餘額。</li><li>結算記錄註明其價格來源於哪些成交。</li></ul>',
      },
      jp: {
        title: 'オープンソースで検証可能',
        abstract: '残高を管理するコードを読めます。',
        content:
          '<p>マッチングエンジン、元帳、秒オプションの決済、このウェブサイトを含む Oryx のすべてが MIT ライセンスで公開されています。誰でも実行し、読み、ここに書かれたとおりに動くか確認できます。</p><ul><li>マッチングエンジンはシード付きランダム再生でシンプルな参照用の板と比較テストされています。</li><li>元帳チェックは仕訳からすべての残高を再計算します。</li><li>決済記録には価格の元になった約定が記されます。</li></ul>',
      },
      kor: {
        title: '오픈 소스, 검증 가능',
        abstract: '잔액을 관리하는 코드를 직접 읽어 보세요.',
        content:
          '<p>매칭 엔진, 원장, 초 단위 옵션 정산, 이 웹사이트까지 Oryx의 모든 것이 MIT 라이선스로 공개되어 있습니다. 누구나 실행하고 읽고, 이 페이지의 설명대로 동작하는지 확인할 수 있습니다.</p><ul><li>매칭 엔진은 시드 기반 무작위 재생으로 단순 참조 호가창과 비교 테스트됩니다.</li><li>원장 점검은 분개장에서 모든 잔액을 다시 계산합니다.</li><li>정산 기록에는 가격의 출처가 된 체결이 기록됩니다.</li></ul>',
      },
      th: {
        title: 'โอเพนซอร์สและตรวจสอบได้',
        abstract: 'อ่านโค้ดที่ดูแลยอดเงินของคุณได้',
        content:
          '<p>ทุกส่วนของ Oryx ทั้งเอนจินจับคู่ สมุดบัญชี การชำระราคาออปชันรายวินาที และเว็บไซต์นี้ เผยแพร่ภายใต้สัญญาอนุญาต MIT ใครก็รัน อ่าน และตรวจสอบได้ว่าทำงานตามที่หน้านี้บอก</p><ul><li>เอนจินจับคู่ถูกทดสอบเทียบกับสมุดคำสั่งอ้างอิงอย่างง่ายด้วยการเล่นซ้ำแบบสุ่ม</li><li>การตรวจสมุดบัญชีคำนวณทุกยอดใหม่จากสมุดรายวัน</li><li>บันทึกการชำระราคาระบุรายการซื้อขายที่เป็นที่มาของราคา</li></ul>',
      },
      ind: {
        title: 'Sumber terbuka dan dapat diverifikasi',
        abstract: 'Baca kode yang menyimpan saldo Anda.',
        content:
          '<p>Seluruh Oryx, mesin pencocokan, buku besar, penyelesaian opsi detik, dan situs ini, diterbitkan dengan lisensi MIT. Siapa pun dapat menjalankan, membaca, dan memeriksa bahwa ia bekerja seperti yang dikatakan halaman ini.</p><ul><li>Mesin pencocokan diuji terhadap buku referensi sederhana dengan pemutaran ulang acak berbenih.</li><li>Pemeriksaan buku besar menghitung ulang setiap saldo dari jurnal.</li><li>Catatan penyelesaian menyebutkan transaksi asal harganya.</li></ul>',
      },
    },
  },
  {
    key: 'about-contact',
    c_id: 29,
    sort: 3,
    cover: '',
    text: {
      en: {
        title: 'Contact us',
        abstract: 'How to reach the Oryx team.',
        content:
          '<p>For account questions write to <a rel="noopener noreferrer" href="mailto:support@oryx.local">support@oryx.local</a> from the e-mail address of your account, with your account number. We answer within one working day.</p><p>To report a security problem write to <a rel="noopener noreferrer" href="mailto:security@oryx.local">security@oryx.local</a>. Please do not post it publicly until it is fixed.</p><p>We will never contact you first to ask for a password, a code or a transfer.</p>',
      },
      zh: {
        title: '联系我们',
        abstract: '如何联系 Oryx 团队。',
        content:
          '<p>账户问题请使用账户绑定的邮箱发送邮件至 <a rel="noopener noreferrer" href="mailto:support@oryx.local">support@oryx.local</a>，并注明您的账号。我们会在一个工作日内回复。</p><p>报告安全问题请发送至 <a rel="noopener noreferrer" href="mailto:security@oryx.local">security@oryx.local</a>，在修复之前请勿公开。</p><p>我们绝不会主动联系您索要密码、验证码或要求转账。</p>',
      },
      hk: {
        title: '聯絡我們',
        abstract: '如何聯絡 Oryx 團隊。',
        content:
          '<p>賬戶問題請使用賬戶綁定的電郵發送郵件至 <a rel="noopener noreferrer" href="mailto:support@oryx.local">support@oryx.local</a>，並註明您的賬號。我們會在一個工作日內回覆。</p><p>報告安全問題請發送至 <a rel="noopener noreferrer" href="mailto:security@oryx.local">security@oryx.local</a>，在修復之前請勿公開。</p><p>我們絕不會主動聯絡您索取密碼、驗證碼或要求轉賬。</p>',
      },
      jp: {
        title: 'お問い合わせ',
        abstract: 'Oryx チームへの連絡方法。',
        content:
          '<p>アカウントに関するご質問は、アカウントのメールアドレスから口座番号を添えて <a rel="noopener noreferrer" href="mailto:support@oryx.local">support@oryx.local</a> へお送りください。1 営業日以内に回答します。</p><p>セキュリティ上の問題は <a rel="noopener noreferrer" href="mailto:security@oryx.local">security@oryx.local</a> へ報告してください。修正されるまで公開しないようお願いします。</p><p>当社からパスワード、コード、送金を求めて連絡することはありません。</p>',
      },
      kor: {
        title: '문의하기',
        abstract: 'Oryx 팀에 연락하는 방법.',
        content:
          '<p>계정 문의는 계정 이메일 주소로 계정 번호와 함께 <a rel="noopener noreferrer" href="mailto:support@oryx.local">support@oryx.local</a>에 보내 주세요. 영업일 기준 하루 안에 답변합니다.</p><p>보안 문제는 <a rel="noopener noreferrer" href="mailto:security@oryx.local">security@oryx.local</a>로 제보해 주세요. 수정될 때까지 공개하지 말아 주세요.</p><p>당사가 먼저 연락해 비밀번호, 인증 코드, 송금을 요구하는 일은 없습니다.</p>',
      },
      th: {
        title: 'ติดต่อเรา',
        abstract: 'วิธีติดต่อทีม Oryx',
        content:
          '<p>คำถามเกี่ยวกับบัญชี ส่งอีเมลจากอีเมลของบัญชีพร้อมหมายเลขบัญชีไปที่ <a rel="noopener noreferrer" href="mailto:support@oryx.local">support@oryx.local</a> เราตอบภายในหนึ่งวันทำการ</p><p>แจ้งปัญหาด้านความปลอดภัยได้ที่ <a rel="noopener noreferrer" href="mailto:security@oryx.local">security@oryx.local</a> โปรดอย่าเผยแพร่จนกว่าจะแก้ไขเสร็จ</p><p>เราจะไม่ติดต่อคุณก่อนเพื่อขอรหัสผ่าน รหัสยืนยัน หรือให้โอนเงิน</p>',
      },
      ind: {
        title: 'Hubungi kami',
        abstract: 'Cara menghubungi tim Oryx.',
        content:
          '<p>Untuk pertanyaan akun, kirim e-mail ke <a rel="noopener noreferrer" href="mailto:support@oryx.local">support@oryx.local</a> dari alamat e-mail akun Anda beserta nomor akun. Kami menjawab dalam satu hari kerja.</p><p>Untuk melaporkan masalah keamanan, kirim ke <a rel="noopener noreferrer" href="mailto:security@oryx.local">security@oryx.local</a>. Mohon jangan dipublikasikan sebelum diperbaiki.</p><p>Kami tidak akan pernah menghubungi Anda lebih dulu untuk meminta kata sandi, kode, atau transfer.</p>',
      },
    },
  },
  // ---- Support (c_id 30): the footer's Support column.
  {
    key: 'support-fees',
    c_id: 30,
    sort: 1,
    cover: '',
    text: {
      en: {
        title: 'Trading fees',
        abstract: 'Maker and taker fees.',
        content:
          '<p>Spot trades pay a maker fee of 0.1% and a taker fee of 0.2% of the traded amount, rounded in favour of the exchange to the smallest unit.</p><table><thead><tr><th>Product</th><th>Fee</th></tr></thead><tbody><tr><td>Spot, maker (your order rested in the book)</td><td>0.1%</td></tr><tr><td>Spot, taker (your order matched at once)</td><td>0.2%</td></tr><tr><td>Seconds options</td><td>shown on the trade page before you confirm; not refunded</td></tr><tr><td>Transfers between your wallets</td><td>free</td></tr></tbody></table><p>Buyers pay the fee in the coin they receive; sellers pay it in USDT.</p>',
      },
      zh: {
        title: '交易手续费',
        abstract: '挂单与吃单手续费。',
        content:
          '<p>现货成交收取成交额 0.1% 的挂单手续费和 0.2% 的吃单手续费，按最小单位向交易所一方取整。</p><table><thead><tr><th>产品</th><th>费率</th></tr></thead><tbody><tr><td>现货挂单（您的订单在订单簿中等待成交）</td><td>0.1%</td></tr><tr><td>现货吃单（您的订单立即成交）</td><td>0.2%</td></tr><tr><td>秒合约</td><td>确认前在交易页面显示，不予退还</td></tr><tr><td>账户间划转</td><td>免费</td></tr></tbody></table><p>买方以所得币种支付手续费，卖方以 USDT 支付。</p>',
      },
      hk: {
        title: '交易手續費',
        abstract: '掛單與吃單手續費。',
        content:
          '<p>現貨成交收取成交額 0.1% 的掛單手續費和 0.2% 的吃單手續費，按最小單位向交易所一方取整。</p><table><thead><tr><th>產品</th><th>費率</th></tr></thead><tbody><tr><td>現貨掛單（您的訂單在訂單簿中等待成交）</td><td>0.1%</td></tr><tr><td>現貨吃單（您的訂單立即成交）</td><td>0.2%</td></tr><tr><td>秒合約</td><td>確認前在交易頁面顯示，不予退還</td></tr><tr><td>賬戶間劃轉</td><td>免費</td></tr></tbody></table><p>買方以所得幣種支付手續費，賣方以 USDT 支付。</p>',
      },
      jp: {
        title: '取引手数料',
        abstract: 'メイカーとテイカーの手数料。',
        content:
          '<p>現物取引では約定額の 0.1% のメイカー手数料と 0.2% のテイカー手数料がかかり、最小単位で取引所側に丸められます。</p><table><thead><tr><th>商品</th><th>手数料</th></tr></thead><tbody><tr><td>現物メイカー（注文が板で待機して約定）</td><td>0.1%</td></tr><tr><td>現物テイカー（注文が即時に約定）</td><td>0.2%</td></tr><tr><td>秒オプション</td><td>確定前に取引画面に表示、返金なし</td></tr><tr><td>ウォレット間の振替</td><td>無料</td></tr></tbody></table><p>買い手は受け取る通貨で、売り手は USDT で手数料を支払います。</p>',
      },
      kor: {
        title: '거래 수수료',
        abstract: '메이커 및 테이커 수수료.',
        content:
          '<p>현물 거래는 체결 금액의 0.1% 메이커 수수료와 0.2% 테이커 수수료가 부과되며, 최소 단위에서 거래소 쪽으로 반올림됩니다.</p><table><thead><tr><th>상품</th><th>수수료</th></tr></thead><tbody><tr><td>현물 메이커(주문이 호가창에서 대기 후 체결)</td><td>0.1%</td></tr><tr><td>현물 테이커(주문이 즉시 체결)</td><td>0.2%</td></tr><tr><td>초 단위 옵션</td><td>확인 전 거래 화면에 표시, 환불 불가</td></tr><tr><td>지갑 간 이체</td><td>무료</td></tr></tbody></table><p>매수자는 받는 코인으로, 매도자는 USDT로 수수료를 냅니다.</p>',
      },
      th: {
        title: 'ค่าธรรมเนียมการซื้อขาย',
        abstract: 'ค่าธรรมเนียมเมกเกอร์และเทคเกอร์',
        content:
          '<p>การซื้อขายสปอตมีค่าธรรมเนียมเมกเกอร์ 0.1% และเทคเกอร์ 0.2% ของมูลค่าที่ซื้อขาย ปัดเศษหน่วยเล็กสุดเข้าทางกระดานเทรด</p><table><thead><tr><th>ผลิตภัณฑ์</th><th>ค่าธรรมเนียม</th></tr></thead><tbody><tr><td>สปอต เมกเกอร์ (คำสั่งรออยู่ในสมุดคำสั่ง)</td><td>0.1%</td></tr><tr><td>สปอต เทคเกอร์ (คำสั่งจับคู่ทันที)</td><td>0.2%</td></tr><tr><td>ออปชันรายวินาที</td><td>แสดงในหน้าซื้อขายก่อนยืนยัน ไม่คืนเงิน</td></tr><tr><td>โอนระหว่างกระเป๋าของคุณ</td><td>ฟรี</td></tr></tbody></table><p>ผู้ซื้อจ่ายค่าธรรมเนียมเป็นเหรียญที่ได้รับ ผู้ขายจ่ายเป็น USDT</p>',
      },
      ind: {
        title: 'Biaya perdagangan',
        abstract: 'Biaya maker dan taker.',
        content:
          '<p>Perdagangan spot dikenakan biaya maker 0,1% dan biaya taker 0,2% dari nilai transaksi, dibulatkan ke unit terkecil untuk pihak bursa.</p><table><thead><tr><th>Produk</th><th>Biaya</th></tr></thead><tbody><tr><td>Spot, maker (pesanan Anda menunggu di buku)</td><td>0,1%</td></tr><tr><td>Spot, taker (pesanan Anda langsung cocok)</td><td>0,2%</td></tr><tr><td>Opsi detik</td><td>ditampilkan di halaman perdagangan sebelum konfirmasi; tidak dikembalikan</td></tr><tr><td>Transfer antar dompet Anda</td><td>gratis</td></tr></tbody></table><p>Pembeli membayar biaya dalam koin yang diterima; penjual membayarnya dalam USDT.</p>',
      },
    },
  },
  {
    key: 'support-deposits',
    c_id: 30,
    sort: 2,
    cover: '',
    text: {
      en: {
        title: 'How deposits work',
        abstract: 'Address, network, confirmations.',
        content:
          '<ol><li>Open <strong>Assets</strong>, choose the currency and press <strong>Deposit</strong>.</li><li>Copy the address (and the memo, when one is shown). The address is yours alone and does not change.</li><li>Send only that currency, on the network named on the page. Coins sent on another network or to an old address may be lost.</li><li>The deposit appears as pending at once and is credited to your spot (change) wallet after the number of network confirmations shown on the page.</li></ol><p>Deposits below the minimum shown are not credited automatically; contact support with the transaction id.</p>',
      },
      zh: {
        title: '充值说明',
        abstract: '地址、网络与确认数。',
        content:
          '<ol><li>打开<strong>资产</strong>，选择币种并点击<strong>充值</strong>。</li><li>复制地址（如显示备注，一并复制）。该地址专属于您且不会变化。</li><li>只发送该币种，并使用页面注明的网络。通过其他网络或向旧地址发送的币可能丢失。</li><li>充值会立即显示为待确认，达到页面所示的网络确认数后计入您的币币（现货）钱包。</li></ol><p>低于页面所示最低金额的充值不会自动入账，请携带交易哈希联系客服。</p>',
      },
      hk: {
        title: '充值說明',
        abstract: '地址、網絡與確認數。',
        content:
          '<ol><li>打開<strong>資產</strong>，選擇幣種並點擊<strong>充值</strong>。</li><li>複製地址（如顯示備註，一併複製）。該地址專屬於您且不會變化。</li><li>只發送該幣種，並使用頁面註明的網絡。通過其他網絡或向舊地址發送的幣可能遺失。</li><li>充值會立即顯示為待確認，達到頁面所示的網絡確認數後計入您的幣幣（現貨）錢包。</li></ol><p>低於頁面所示最低金額的充值不會自動入賬，請攜帶交易哈希聯絡客服。</p>',
      },
      jp: {
        title: '入金の仕組み',
        abstract: 'アドレス、ネットワーク、承認数。',
        content:
          '<ol><li><strong>資産</strong>を開き、通貨を選んで<strong>入金</strong>を押します。</li><li>アドレス（メモが表示される場合はメモも）をコピーします。アドレスはあなた専用で変わりません。</li><li>その通貨だけを、ページに記載されたネットワークで送ってください。別のネットワークや古いアドレスに送ると失われる場合があります。</li><li>入金はすぐに保留中として表示され、ページに示された承認数に達すると現物ウォレットに反映されます。</li></ol><p>表示された最低額未満の入金は自動では反映されません。トランザクション ID を添えてサポートにご連絡ください。</p>',
      },
      kor: {
        title: '입금 방법',
        abstract: '주소, 네트워크, 컨펌 수.',
        content:
          '<ol><li><strong>자산</strong>을 열고 통화를 선택한 뒤 <strong>입금</strong>을 누르세요.</li><li>주소(메모가 표시되면 메모도)를 복사하세요. 주소는 본인 전용이며 바뀌지 않습니다.</li><li>해당 통화만, 페이지에 표시된 네트워크로 보내세요. 다른 네트워크나 이전 주소로 보낸 코인은 잃을 수 있습니다.</li><li>입금은 즉시 대기 중으로 표시되며, 페이지에 표시된 네트워크 컨펌 수가 채워지면 현물 지갑에 반영됩니다.</li></ol><p>표시된 최소 금액 미만의 입금은 자동으로 반영되지 않습니다. 트랜잭션 ID와 함께 고객지원에 문의하세요.</p>',
      },
      th: {
        title: 'การฝากเงินทำงานอย่างไร',
        abstract: 'ที่อยู่ เครือข่าย และการยืนยัน',
        content:
          '<ol><li>เปิด <strong>สินทรัพย์</strong> เลือกสกุลเงิน แล้วกด <strong>ฝาก</strong></li><li>คัดลอกที่อยู่ (และเมโม หากมีแสดง) ที่อยู่นี้เป็นของคุณคนเดียวและไม่เปลี่ยน</li><li>ส่งเฉพาะสกุลเงินนั้นบนเครือข่ายที่ระบุในหน้า เหรียญที่ส่งผ่านเครือข่ายอื่นหรือไปยังที่อยู่เก่าอาจสูญหาย</li><li>การฝากจะแสดงเป็นรอดำเนินการทันที และเข้ากระเป๋าสปอตเมื่อได้รับการยืนยันจากเครือข่ายครบตามที่แสดง</li></ol><p>การฝากต่ำกว่าขั้นต่ำที่แสดงจะไม่เข้าบัญชีอัตโนมัติ โปรดติดต่อฝ่ายสนับสนุนพร้อมรหัสธุรกรรม</p>',
      },
      ind: {
        title: 'Cara kerja deposit',
        abstract: 'Alamat, jaringan, konfirmasi.',
        content:
          '<ol><li>Buka <strong>Aset</strong>, pilih mata uang, lalu tekan <strong>Deposit</strong>.</li><li>Salin alamat (dan memo, bila ditampilkan). Alamat itu khusus milik Anda dan tidak berubah.</li><li>Kirim hanya mata uang tersebut, di jaringan yang disebutkan di halaman. Koin yang dikirim lewat jaringan lain atau ke alamat lama dapat hilang.</li><li>Deposit langsung tampil sebagai tertunda dan dikreditkan ke dompet spot setelah jumlah konfirmasi jaringan yang ditampilkan tercapai.</li></ol><p>Deposit di bawah minimum yang ditampilkan tidak dikreditkan otomatis; hubungi dukungan dengan ID transaksinya.</p>',
      },
    },
  },
  {
    key: 'support-seconds-settlement',
    c_id: 30,
    sort: 3,
    cover: '',
    text: {
      en: {
        title: 'How seconds options settle',
        abstract: 'Open price, end price, payout.',
        content:
          "<p>A seconds option is a bet that a market's price will be higher (up) or lower (down) after a fixed number of seconds.</p><ul><li><strong>Open price</strong>: the market's last trade price when your order is accepted.</li><li><strong>End price</strong>: the last trade price when the duration is over.</li><li><strong>Win</strong> (up and end above open, or down and end below open): your stake comes back plus stake × payout ratio.</li><li><strong>Draw</strong> (end equals open): your stake comes back.</li><li><strong>Loss</strong>: the stake is lost.</li></ul><p>The fee is charged when you open and is not refunded. Default durations: 60 s (10%), 120 s (12%), 180 s (15%), 240 s (18%), 300 s (21%), 600 s (24%); the trade page always shows the current ones. Each closed order lists its open and end prices with the trades they came from.</p>",
      },
      zh: {
        title: '秒合约如何结算',
        abstract: '开仓价、结算价与收益。',
        content:
          '<p>秒合约是判断某市场价格在固定秒数后上涨（看涨）还是下跌（看跌）的产品。</p><ul><li><strong>开仓价</strong>：订单受理时该市场的最新成交价。</li><li><strong>结算价</strong>：周期结束时的最新成交价。</li><li><strong>盈利</strong>（看涨且结算价高于开仓价，或看跌且结算价低于开仓价）：返还本金并获得本金 × 收益率。</li><li><strong>持平</strong>（结算价等于开仓价）：返还本金。</li><li><strong>亏损</strong>：损失本金。</li></ul><p>手续费在开仓时收取，不予退还。默认周期：60 秒（10%）、120 秒（12%）、180 秒（15%）、240 秒（18%）、300 秒（21%）、600 秒（24%），以交易页面显示为准。每笔已结算订单都会列出开仓价、结算价及其来源成交。</p>',
      },
      hk: {
        title: '秒合約如何結算',
        abstract: '開倉價、結算價與收益。',
        content:
          '<p>秒合約是判斷某市場價格在固定秒數後上漲（看漲）還是下跌（看跌）的產品。</p><ul><li><strong>開倉價</strong>：訂單受理時該市場的最新成交價。</li><li><strong>結算價</strong>：週期結束時的最新成交價。</li><li><strong>盈利</strong>（看漲且結算價高於開倉價，或看跌且結算價低於開倉價）：返還本金並獲得本金 × 收益率。</li><li><strong>持平</strong>（結算價等於開倉價）：返還本金。</li><li><strong>虧損</strong>：損失本金。</li></ul><p>手續費在開倉時收取，不予退還。預設週期：60 秒（10%）、120 秒（12%）、180 秒（15%）、240 秒（18%）、300 秒（21%）、600 秒（24%），以交易頁面顯示為準。每筆已結算訂單都會列出開倉價、結算價及其來源成交。</p>',
      },
      jp: {
        title: '秒オプションの決済方法',
        abstract: '始値、終値、配当。',
        content:
          '<p>秒オプションは、一定秒数後に市場価格が上がる（上昇）か下がる（下落）かを予想する商品です。</p><ul><li><strong>始値</strong>：注文受付時の市場の最終約定価格。</li><li><strong>終値</strong>：期間終了時の最終約定価格。</li><li><strong>勝ち</strong>（上昇で終値が始値より高い、または下落で終値が始値より低い）：元本に加えて元本 × 配当率が戻ります。</li><li><strong>引き分け</strong>（終値が始値と同じ）：元本が戻ります。</li><li><strong>負け</strong>：元本を失います。</li></ul><p>手数料は注文時に差し引かれ、返金されません。既定の期間：60 秒（10%）、120 秒（12%）、180 秒（15%）、240 秒（18%）、300 秒（21%）、600 秒（24%）。最新の値は常に取引画面に表示されます。決済済みの注文には始値・終値とその元になった約定が記載されます。</p>',
      },
      kor: {
        title: '초 단위 옵션 정산 방식',
        abstract: '시작가, 종료가, 지급액.',
        content:
          '<p>초 단위 옵션은 정해진 초가 지난 뒤 마켓 가격이 오를지(상승) 내릴지(하락) 예측하는 상품입니다.</p><ul><li><strong>시작가</strong>: 주문이 접수된 시점의 최종 체결가.</li><li><strong>종료가</strong>: 기간이 끝난 시점의 최종 체결가.</li><li><strong>승리</strong>(상승이고 종료가가 시작가보다 높거나, 하락이고 종료가가 시작가보다 낮음): 원금과 원금 × 수익률을 돌려받습니다.</li><li><strong>무승부</strong>(종료가가 시작가와 같음): 원금을 돌려받습니다.</li><li><strong>패배</strong>: 원금을 잃습니다.</li></ul><p>수수료는 주문 시 부과되며 환불되지 않습니다. 기본 기간: 60초(10%), 120초(12%), 180초(15%), 240초(18%), 300초(21%), 600초(24%)이며, 현재 값은 거래 화면에 항상 표시됩니다. 정산된 주문마다 시작가와 종료가, 그 출처가 된 체결이 표시됩니다.</p>',
      },
      th: {
        title: 'ออปชันรายวินาทีชำระราคาอย่างไร',
        abstract: 'ราคาเปิด ราคาปิด และการจ่ายผลตอบแทน',
        content:
          '<p>ออปชันรายวินาทีคือการคาดการณ์ว่าราคาตลาดจะสูงขึ้น (ขึ้น) หรือต่ำลง (ลง) หลังจากจำนวนวินาทีที่กำหนด</p><ul><li><strong>ราคาเปิด</strong>: ราคาซื้อขายล่าสุดของตลาดเมื่อคำสั่งได้รับการยอมรับ</li><li><strong>ราคาปิด</strong>: ราคาซื้อขายล่าสุดเมื่อครบระยะเวลา</li><li><strong>ชนะ</strong> (ขึ้นและราคาปิดสูงกว่าราคาเปิด หรือ ลงและราคาปิดต่ำกว่าราคาเปิด): ได้เงินต้นคืนพร้อมเงินต้น × อัตราผลตอบแทน</li><li><strong>เสมอ</strong> (ราคาปิดเท่ากับราคาเปิด): ได้เงินต้นคืน</li><li><strong>แพ้</strong>: เสียเงินต้น</li></ul><p>ค่าธรรมเนียมเรียกเก็บตอนเปิดคำสั่งและไม่คืน ระยะเวลาเริ่มต้น: 60 วินาที (10%), 120 วินาที (12%), 180 วินาที (15%), 240 วินาที (18%), 300 วินาที (21%), 600 วินาที (24%) ค่าปัจจุบันแสดงในหน้าซื้อขายเสมอ ทุกคำสั่งที่ปิดแล้วแสดงราคาเปิด ราคาปิด และรายการซื้อขายที่มาของราคา</p>',
      },
      ind: {
        title: 'Cara opsi detik diselesaikan',
        abstract: 'Harga buka, harga akhir, pembayaran.',
        content:
          '<p>Opsi detik adalah tebakan apakah harga pasar akan lebih tinggi (naik) atau lebih rendah (turun) setelah sejumlah detik tertentu.</p><ul><li><strong>Harga buka</strong>: harga transaksi terakhir pasar saat pesanan Anda diterima.</li><li><strong>Harga akhir</strong>: harga transaksi terakhir saat durasi berakhir.</li><li><strong>Menang</strong> (naik dan harga akhir di atas harga buka, atau turun dan harga akhir di bawahnya): nominal kembali ditambah nominal × rasio pembayaran.</li><li><strong>Seri</strong> (harga akhir sama dengan harga buka): nominal kembali.</li><li><strong>Kalah</strong>: nominal hilang.</li></ul><p>Biaya dikenakan saat membuka dan tidak dikembalikan. Durasi bawaan: 60 d (10%), 120 d (12%), 180 d (15%), 240 d (18%), 300 d (21%), 600 d (24%); halaman perdagangan selalu menampilkan nilai terkini. Setiap pesanan yang selesai mencantumkan harga buka dan akhir beserta transaksi sumbernya.</p>',
      },
    },
  },
  {
    key: 'support-risk-warning',
    c_id: 30,
    sort: 4,
    cover: '',
    text: {
      en: {
        title: 'Risk warning',
        abstract: 'Read this before you trade.',
        content:
          '<p>Digital assets can lose most of their value in hours. Only trade money you can afford to lose.</p><ul><li><strong>Spot</strong>: prices move quickly and markets can be thin; a market order can fill far from the last price.</li><li><strong>Seconds options</strong>: each order either pays a fixed ratio or loses the whole stake. Over many orders the fee and the payout ratio below 100% work against you.</li><li><strong>Leverage</strong>: a small price move against you is multiplied; positions are closed automatically at the liquidation level and the margin is lost.</li><li><strong>C2C</strong>: only confirm receipt after the money is in your own account.</li></ul><p>Nothing on this site is investment advice.</p>',
      },
      zh: {
        title: '风险提示',
        abstract: '交易前请阅读。',
        content:
          '<p>数字资产可能在数小时内损失大部分价值。请仅用您能承受损失的资金交易。</p><ul><li><strong>现货</strong>：价格变化快，市场深度可能不足；市价单可能以远离最新价的价格成交。</li><li><strong>秒合约</strong>：每笔订单要么按固定比例获利，要么损失全部本金。多笔交易下，手续费和低于 100% 的收益率对您不利。</li><li><strong>杠杆</strong>：不利的小幅波动会被放大；仓位在强平线自动平仓，保证金将损失。</li><li><strong>C2C</strong>：请在款项确实到达您本人账户后再确认收款。</li></ul><p>本网站的任何内容均不构成投资建议。</p>',
      },
      hk: {
        title: '風險提示',
        abstract: '交易前請閱讀。',
        content:
          '<p>數字資產可能在數小時內損失大部分價值。請僅用您能承受損失的資金交易。</p><ul><li><strong>現貨</strong>：價格變化快，市場深度可能不足；市價單可能以遠離最新價的價格成交。</li><li><strong>秒合約</strong>：每筆訂單要麼按固定比例獲利，要麼損失全部本金。多筆交易下，手續費和低於 100% 的收益率對您不利。</li><li><strong>槓桿</strong>：不利的小幅波動會被放大；倉位在強平線自動平倉，保證金將損失。</li><li><strong>C2C</strong>：請在款項確實到達您本人賬戶後再確認收款。</li></ul><p>本網站的任何內容均不構成投資建議。</p>',
      },
      jp: {
        title: 'リスク警告',
        abstract: '取引の前にお読みください。',
        content:
          '<p>デジタル資産は数時間で価値の大半を失うことがあります。失っても困らない資金だけで取引してください。</p><ul><li><strong>現物</strong>：価格変動が速く、板が薄いことがあります。成行注文は最終価格から大きく離れて約定することがあります。</li><li><strong>秒オプション</strong>：各注文は一定の配当を得るか元本をすべて失うかのどちらかです。回数を重ねると、手数料と 100% 未満の配当率が不利に働きます。</li><li><strong>レバレッジ</strong>：わずかな逆方向の値動きが増幅されます。強制決済水準でポジションは自動決済され、証拠金を失います。</li><li><strong>C2C</strong>：代金がご自身の口座に届いてから受領を確認してください。</li></ul><p>本サイトの内容は投資助言ではありません。</p>',
      },
      kor: {
        title: '위험 고지',
        abstract: '거래 전에 꼭 읽어 주세요.',
        content:
          '<p>디지털 자산은 몇 시간 만에 가치의 대부분을 잃을 수 있습니다. 잃어도 되는 돈으로만 거래하세요.</p><ul><li><strong>현물</strong>: 가격이 빠르게 움직이고 호가가 얇을 수 있어, 시장가 주문이 최종가와 크게 다른 가격에 체결될 수 있습니다.</li><li><strong>초 단위 옵션</strong>: 주문마다 정해진 비율의 수익을 얻거나 원금 전부를 잃습니다. 거래가 쌓일수록 수수료와 100% 미만의 수익률이 불리하게 작용합니다.</li><li><strong>레버리지</strong>: 작은 역방향 움직임도 배로 커지며, 청산 기준에서 포지션이 자동 청산되어 증거금을 잃습니다.</li><li><strong>C2C</strong>: 돈이 본인 계좌에 실제로 들어온 뒤에만 수령을 확인하세요.</li></ul><p>이 사이트의 어떤 내용도 투자 조언이 아닙니다.</p>',
      },
      th: {
        title: 'คำเตือนความเสี่ยง',
        abstract: 'อ่านก่อนซื้อขาย',
        content:
          '<p>สินทรัพย์ดิจิทัลอาจสูญเสียมูลค่าส่วนใหญ่ภายในไม่กี่ชั่วโมง ซื้อขายเฉพาะเงินที่คุณยอมเสียได้</p><ul><li><strong>สปอต</strong>: ราคาเปลี่ยนเร็วและตลาดอาจมีสภาพคล่องน้อย คำสั่งตลาดอาจได้ราคาห่างจากราคาล่าสุดมาก</li><li><strong>ออปชันรายวินาที</strong>: แต่ละคำสั่งได้ผลตอบแทนตามอัตราคงที่หรือเสียเงินต้นทั้งหมด เมื่อเทรดหลายครั้ง ค่าธรรมเนียมและอัตราผลตอบแทนที่ต่ำกว่า 100% จะเป็นผลเสียต่อคุณ</li><li><strong>เลเวอเรจ</strong>: การเคลื่อนไหวเล็กน้อยในทางตรงข้ามจะถูกขยาย สถานะจะถูกปิดอัตโนมัติที่ระดับบังคับปิดและเสียมาร์จิน</li><li><strong>C2C</strong>: ยืนยันการรับเงินหลังจากเงินเข้าบัญชีของคุณจริงแล้วเท่านั้น</li></ul><p>ไม่มีเนื้อหาใดในเว็บไซต์นี้เป็นคำแนะนำการลงทุน</p>',
      },
      ind: {
        title: 'Peringatan risiko',
        abstract: 'Baca ini sebelum berdagang.',
        content:
          '<p>Aset digital dapat kehilangan sebagian besar nilainya dalam hitungan jam. Berdaganglah hanya dengan uang yang sanggup Anda relakan.</p><ul><li><strong>Spot</strong>: harga bergerak cepat dan pasar bisa tipis; pesanan pasar dapat terisi jauh dari harga terakhir.</li><li><strong>Opsi detik</strong>: setiap pesanan membayar rasio tetap atau kehilangan seluruh nominal. Dalam banyak pesanan, biaya dan rasio pembayaran di bawah 100% merugikan Anda.</li><li><strong>Leverage</strong>: pergerakan kecil yang berlawanan dilipatgandakan; posisi ditutup otomatis di batas likuidasi dan margin hilang.</li><li><strong>C2C</strong>: konfirmasi penerimaan hanya setelah uang benar-benar masuk ke rekening Anda sendiri.</li></ul><p>Tidak ada isi situs ini yang merupakan saran investasi.</p>',
      },
    },
  },
];
