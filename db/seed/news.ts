/**
 * Seed articles: one entry per article, with its text in all 7 locales. Inserted when missing
 * (by group key and language); operators edit them afterwards through the admin news calls.
 * Categories (c_id): 4 announcements, 5 banners, 10 policy, 11 header notices, 29 about, 30 support.
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
          '<p>Oryx is an open-source exchange: every balance movement is a ledger entry you can trace, and every trade comes from the order book.</p>',
      },
      zh: {
        title: '欢迎来到 Oryx',
        abstract: '一个可以自行部署的开源交易所。',
        content: '<p>Oryx 是开源交易所：每一笔资金变动都是可追溯的账本分录，每一笔成交都来自订单簿。</p>',
      },
      hk: {
        title: '歡迎來到 Oryx',
        abstract: '一個可以自行部署的開源交易所。',
        content: '<p>Oryx 是開源交易所：每一筆資金變動都是可追溯的賬本分錄，每一筆成交都來自訂單簿。</p>',
      },
      jp: {
        title: 'Oryx へようこそ',
        abstract: '自分で運用できるオープンな取引所です。',
        content:
          '<p>Oryx はオープンソースの取引所です。すべての残高の動きは追跡可能な元帳記録であり、すべての約定は板から生まれます。</p>',
      },
      kor: {
        title: 'Oryx에 오신 것을 환영합니다',
        abstract: '직접 운영할 수 있는 오픈 거래소입니다.',
        content:
          '<p>Oryx는 오픈 소스 거래소입니다. 모든 잔액 변동은 추적 가능한 원장 기록이며, 모든 체결은 호가창에서 이루어집니다.</p>',
      },
      th: {
        title: 'ยินดีต้อนรับสู่ Oryx',
        abstract: 'กระดานเทรดแบบเปิดที่คุณติดตั้งเองได้',
        content:
          '<p>Oryx เป็นกระดานเทรดโอเพนซอร์ส ทุกการเคลื่อนไหวของยอดเงินเป็นรายการบัญชีที่ตรวจสอบย้อนกลับได้ และทุกการซื้อขายมาจากสมุดคำสั่งซื้อขาย</p>',
      },
      ind: {
        title: 'Selamat datang di Oryx',
        abstract: 'Bursa terbuka yang dapat Anda jalankan sendiri.',
        content:
          '<p>Oryx adalah bursa sumber terbuka: setiap pergerakan saldo adalah entri buku besar yang dapat ditelusuri, dan setiap transaksi berasal dari buku pesanan.</p>',
      },
    },
  },
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
          '<p>Oryx staff will never ask for your password, your transaction password or a verification code. Never send funds to anyone claiming to be support.</p>',
      },
      zh: {
        title: '谨防诈骗',
        abstract: 'Oryx 工作人员绝不会索要您的密码或验证码。',
        content: '<p>Oryx 工作人员绝不会索要您的登录密码、交易密码或验证码。请勿向任何自称客服的人转账。</p>',
      },
      hk: {
        title: '謹防詐騙',
        abstract: 'Oryx 工作人員絕不會索取您的密碼或驗證碼。',
        content: '<p>Oryx 工作人員絕不會索取您的登入密碼、交易密碼或驗證碼。請勿向任何自稱客服的人轉賬。</p>',
      },
      jp: {
        title: '詐欺にご注意ください',
        abstract: 'Oryx のスタッフがパスワードやコードを尋ねることはありません。',
        content:
          '<p>Oryx のスタッフがログインパスワード、取引パスワード、認証コードを尋ねることは決してありません。サポートを名乗る人物に送金しないでください。</p>',
      },
      kor: {
        title: '사기에 주의하세요',
        abstract: 'Oryx 직원은 절대 비밀번호나 인증 코드를 묻지 않습니다.',
        content:
          '<p>Oryx 직원은 로그인 비밀번호, 거래 비밀번호, 인증 코드를 절대 요구하지 않습니다. 고객지원을 사칭하는 사람에게 송금하지 마세요.</p>',
      },
      th: {
        title: 'ระวังการหลอกลวง',
        abstract: 'เจ้าหน้าที่ Oryx จะไม่ขอรหัสผ่านหรือรหัสยืนยันของคุณ',
        content:
          '<p>เจ้าหน้าที่ Oryx จะไม่ขอรหัสผ่านเข้าสู่ระบบ รหัสผ่านการทำธุรกรรม หรือรหัสยืนยันของคุณ อย่าโอนเงินให้ผู้ที่อ้างว่าเป็นฝ่ายสนับสนุน</p>',
      },
      ind: {
        title: 'Waspadai penipuan',
        abstract: 'Staf Oryx tidak pernah meminta kata sandi atau kode Anda.',
        content:
          '<p>Staf Oryx tidak akan pernah meminta kata sandi masuk, kata sandi transaksi, atau kode verifikasi Anda. Jangan pernah mengirim dana kepada siapa pun yang mengaku sebagai dukungan.</p>',
      },
    },
  },
  {
    key: 'banner-open-ledger',
    c_id: 5,
    sort: 1,
    cover: '/banners/banner-1.svg',
    text: {
      en: {
        title: 'Every balance, traceable',
        abstract: '',
        content: '<p>A double-entry ledger behind every account.</p>',
      },
      zh: { title: '每一笔余额都可追溯', abstract: '', content: '<p>每个账户背后都是复式记账账本。</p>' },
      hk: { title: '每一筆餘額都可追溯', abstract: '', content: '<p>每個賬戶背後都是複式記賬賬本。</p>' },
      jp: {
        title: 'すべての残高を追跡可能に',
        abstract: '',
        content: '<p>すべての口座の裏に複式簿記の元帳があります。</p>',
      },
      kor: {
        title: '모든 잔액을 추적 가능하게',
        abstract: '',
        content: '<p>모든 계정 뒤에는 복식부기 원장이 있습니다.</p>',
      },
      th: {
        title: 'ทุกยอดเงินตรวจสอบได้',
        abstract: '',
        content: '<p>ทุกบัญชีมีสมุดบัญชีแยกประเภทแบบบัญชีคู่อยู่เบื้องหลัง</p>',
      },
      ind: {
        title: 'Setiap saldo dapat ditelusuri',
        abstract: '',
        content: '<p>Buku besar entri ganda di balik setiap akun.</p>',
      },
    },
  },
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
          '<h3>1. Accounts</h3><p>You are responsible for keeping your password and transaction password secret.</p><h3>2. Risk</h3><p>Digital assets are volatile; leveraged and seconds products can lose the whole stake.</p>',
      },
      zh: {
        title: '用户协议',
        abstract: '使用 Oryx 的条款。',
        content:
          '<h3>1. 账户</h3><p>您有责任对登录密码和交易密码保密。</p><h3>2. 风险</h3><p>数字资产价格波动剧烈；杠杆和秒合约产品可能损失全部本金。</p>',
      },
      hk: {
        title: '用戶協議',
        abstract: '使用 Oryx 的條款。',
        content:
          '<h3>1. 賬戶</h3><p>您有責任對登入密碼和交易密碼保密。</p><h3>2. 風險</h3><p>數字資產價格波動劇烈；槓桿和秒合約產品可能損失全部本金。</p>',
      },
      jp: {
        title: '利用規約',
        abstract: 'Oryx の利用条件。',
        content:
          '<h3>1. アカウント</h3><p>パスワードと取引パスワードの管理はお客様の責任です。</p><h3>2. リスク</h3><p>デジタル資産は価格変動が大きく、レバレッジ商品や秒オプションでは元本をすべて失う可能性があります。</p>',
      },
      kor: {
        title: '이용 약관',
        abstract: 'Oryx 이용 조건.',
        content:
          '<h3>1. 계정</h3><p>비밀번호와 거래 비밀번호를 안전하게 보관할 책임은 사용자에게 있습니다.</p><h3>2. 위험</h3><p>디지털 자산은 변동성이 크며, 레버리지 및 초 단위 상품은 원금 전액을 잃을 수 있습니다.</p>',
      },
      th: {
        title: 'ข้อตกลงผู้ใช้',
        abstract: 'เงื่อนไขการใช้ Oryx',
        content:
          '<h3>1. บัญชี</h3><p>คุณมีหน้าที่เก็บรักษารหัสผ่านและรหัสผ่านการทำธุรกรรมเป็นความลับ</p><h3>2. ความเสี่ยง</h3><p>สินทรัพย์ดิจิทัลมีความผันผวน ผลิตภัณฑ์เลเวอเรจและออปชันรายวินาทีอาจสูญเสียเงินต้นทั้งหมด</p>',
      },
      ind: {
        title: 'Perjanjian pengguna',
        abstract: 'Ketentuan penggunaan Oryx.',
        content:
          '<h3>1. Akun</h3><p>Anda bertanggung jawab menjaga kerahasiaan kata sandi dan kata sandi transaksi Anda.</p><h3>2. Risiko</h3><p>Aset digital sangat fluktuatif; produk leverage dan opsi detik dapat kehilangan seluruh modal.</p>',
      },
    },
  },
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
          '<p>Oryx is an open-source exchange stack: spot, seconds options, leverage, C2C and wallets, honest by construction.</p>',
      },
      zh: {
        title: '关于 Oryx',
        abstract: '我们是谁。',
        content: '<p>Oryx 是开源交易所系统：现货、秒合约、杠杆、C2C 与钱包，从设计上保证诚实。</p>',
      },
      hk: {
        title: '關於 Oryx',
        abstract: '我們是誰。',
        content: '<p>Oryx 是開源交易所系統：現貨、秒合約、槓桿、C2C 與錢包，從設計上保證誠實。</p>',
      },
      jp: {
        title: 'Oryx について',
        abstract: '私たちについて。',
        content:
          '<p>Oryx はオープンソースの取引所スタックです。現物、秒オプション、レバレッジ、C2C、ウォレットを、設計段階から誠実に。</p>',
      },
      kor: {
        title: 'Oryx 소개',
        abstract: '우리는 누구인가.',
        content:
          '<p>Oryx는 오픈 소스 거래소 스택입니다. 현물, 초 단위 옵션, 레버리지, C2C, 지갑을 설계부터 정직하게 제공합니다.</p>',
      },
      th: {
        title: 'เกี่ยวกับ Oryx',
        abstract: 'เราคือใคร',
        content:
          '<p>Oryx คือระบบกระดานเทรดโอเพนซอร์ส: สปอต ออปชันรายวินาที เลเวอเรจ C2C และกระเป๋าเงิน ที่ซื่อตรงตั้งแต่การออกแบบ</p>',
      },
      ind: {
        title: 'Tentang Oryx',
        abstract: 'Siapa kami.',
        content:
          '<p>Oryx adalah tumpukan bursa sumber terbuka: spot, opsi detik, leverage, C2C, dan dompet, jujur sejak dirancang.</p>',
      },
    },
  },
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
          '<p>Spot trades pay a maker fee of 0.1% and a taker fee of 0.2% of the traded amount, rounded in favour of the exchange to the smallest unit.</p>',
      },
      zh: {
        title: '交易手续费',
        abstract: '挂单与吃单手续费。',
        content:
          '<p>现货成交收取成交额 0.1% 的挂单手续费和 0.2% 的吃单手续费，按最小单位向交易所一方取整。</p>',
      },
      hk: {
        title: '交易手續費',
        abstract: '掛單與吃單手續費。',
        content:
          '<p>現貨成交收取成交額 0.1% 的掛單手續費和 0.2% 的吃單手續費，按最小單位向交易所一方取整。</p>',
      },
      jp: {
        title: '取引手数料',
        abstract: 'メイカーとテイカーの手数料。',
        content:
          '<p>現物取引では約定額の 0.1% のメイカー手数料と 0.2% のテイカー手数料がかかり、最小単位で取引所側に丸められます。</p>',
      },
      kor: {
        title: '거래 수수료',
        abstract: '메이커 및 테이커 수수료.',
        content:
          '<p>현물 거래는 체결 금액의 0.1% 메이커 수수료와 0.2% 테이커 수수료가 부과되며, 최소 단위에서 거래소 쪽으로 반올림됩니다.</p>',
      },
      th: {
        title: 'ค่าธรรมเนียมการซื้อขาย',
        abstract: 'ค่าธรรมเนียมเมกเกอร์และเทคเกอร์',
        content:
          '<p>การซื้อขายสปอตมีค่าธรรมเนียมเมกเกอร์ 0.1% และเทคเกอร์ 0.2% ของมูลค่าที่ซื้อขาย ปัดเศษหน่วยเล็กสุดเข้าทางกระดานเทรด</p>',
      },
      ind: {
        title: 'Biaya perdagangan',
        abstract: 'Biaya maker dan taker.',
        content:
          '<p>Perdagangan spot dikenakan biaya maker 0,1% dan biaya taker 0,2% dari nilai transaksi, dibulatkan ke unit terkecil untuk pihak bursa.</p>',
      },
    },
  },
];
