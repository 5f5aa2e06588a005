// The "rupiah" namespace in all 7 locales (files: locales/<lang>/rupiah.json).
import zh from '../../locales/zh/rupiah.json' with { type: 'json' };
import en from '../../locales/en/rupiah.json' with { type: 'json' };
import hk from '../../locales/hk/rupiah.json' with { type: 'json' };
import jp from '../../locales/jp/rupiah.json' with { type: 'json' };
import kor from '../../locales/kor/rupiah.json' with { type: 'json' };
import th from '../../locales/th/rupiah.json' with { type: 'json' };
import ind from '../../locales/ind/rupiah.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
