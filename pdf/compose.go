package pdf

// compositions are the letters the embedded font has that a letter and a
// combining mark make (e + U+0301 = é), by mark: its string alternates
// the letter and the letter with the mark. They are the canonical
// compositions of Unicode 14 whose result the font has (a letter in
// U+00A0–U+024F, U+0370–U+04FF or U+1E00–U+1EFB), made with Python's
// unicodedata:
//
//	for c in those ranges: d = unicodedata.decomposition(chr(c))
//	if d is two code points and the second is a combining mark: d[0], c
//
// A letter with two marks composes one at a time (ẹ + U+0302 = ệ).
var compositions = map[rune]string{
	// combining grave accent
	0x0300: "AÀEÈIÌOÒUÙaàeèiìoòuùÜǛüǜNǸnǹЕЀИЍеѐиѝĒḔēḕŌṐōṑWẀwẁÂẦâầĂẰăằÊỀêềÔỒôồƠỜơờƯỪưừYỲyỳ",
	// combining acute accent
	0x0301: "AÁEÉIÍOÓUÚYÝaáeéiíoóuúyýCĆcćLĹlĺNŃnńRŔrŕSŚsśZŹzźÜǗüǘGǴgǵÅǺåǻÆǼæǽØǾøǿ¨΅ΑΆΕΈΗΉΙΊΟΌΥΎΩΏϊΐαάεέηήιίϋΰοόυύωώϒϓГЃКЌгѓкќÇḈçḉĒḖēḗÏḮïḯKḰkḱMḾmḿÕṌõṍŌṒōṓPṔpṕŨṸũṹWẂwẃÂẤâấĂẮăắÊẾêếÔỐôốƠỚơớƯỨưứ",
	// combining circumflex accent
	0x0302: "AÂEÊIÎOÔUÛaâeêiîoôuûCĈcĉGĜgĝHĤhĥJĴjĵSŜsŝWŴwŵYŶyŷZẐzẑẠẬạậẸỆẹệỌỘọộ",
	// combining tilde
	0x0303: "AÃNÑOÕaãnñoõIĨiĩUŨuũVṼvṽÂẪâẫĂẴăẵEẼeẽÊỄêễÔỖôỗƠỠơỡƯỮưữYỸyỹ",
	// combining macron
	0x0304: "AĀaāEĒeēIĪiīOŌoōUŪuūÜǕüǖÄǞäǟȦǠȧǡÆǢæǣǪǬǫǭÖȪöȫÕȬõȭȮȰȯȱYȲyȳИӢиӣУӮуӯGḠgḡḶḸḷḹṚṜṛṝ",
	// combining breve
	0x0306: "AĂaăEĔeĕGĞgğIĬiĭOŎoŏUŬuŭУЎИЙийуўЖӁжӂАӐаӑЕӖеӗȨḜȩḝẠẶạặ",
	// combining dot above
	0x0307: "CĊcċEĖeėGĠgġIİZŻzżAȦaȧOȮoȯBḂbḃDḊdḋFḞfḟHḢhḣMṀmṁNṄnṅPṖpṗRṘrṙSṠsṡŚṤśṥŠṦšṧṢṨṣṩTṪtṫWẆwẇXẊxẋYẎyẏſẛ",
	// combining diaeresis
	0x0308: "AÄEËIÏOÖUÜaäeëiïoöuüyÿYŸΙΪΥΫιϊυϋϒϔЕЁІЇеёіїАӒаӓӘӚәӛЖӜжӝЗӞзӟИӤиӥОӦоӧӨӪөӫЭӬэӭУӰуӱЧӴчӵЫӸыӹHḦhḧÕṎõṏŪṺūṻWẄwẅXẌxẍtẗ",
	// combining hook above
	0x0309: "AẢaảÂẨâẩĂẲăẳEẺeẻÊỂêểIỈiỉOỎoỏÔỔôổƠỞơởUỦuủƯỬưửYỶyỷ",
	// combining ring above
	0x030A: "AÅaåUŮuůwẘyẙ",
	// combining double acute accent
	0x030B: "OŐoőUŰuűУӲуӳ",
	// combining caron
	0x030C: "CČcčDĎdďEĚeěLĽlľNŇnňRŘrřSŠsšTŤtťZŽzžAǍaǎIǏiǐOǑoǒUǓuǔÜǙüǚGǦgǧKǨkǩƷǮʒǯjǰHȞhȟ",
	// combining double grave accent
	0x030F: "AȀaȁEȄeȅIȈiȉOȌoȍRȐrȑUȔuȕѴѶѵѷ",
	// combining inverted breve
	0x0311: "AȂaȃEȆeȇIȊiȋOȎoȏRȒrȓUȖuȗ",
	// combining horn
	0x031B: "OƠoơUƯuư",
	// combining dot below
	0x0323: "BḄbḅDḌdḍHḤhḥKḲkḳLḶlḷMṂmṃNṆnṇRṚrṛSṢsṣTṬtṭVṾvṿWẈwẉZẒzẓAẠaạEẸeẹIỊiịOỌoọƠỢơợUỤuụƯỰưựYỴyỵ",
	// combining diaeresis below
	0x0324: "UṲuṳ",
	// combining ring below
	0x0325: "AḀaḁ",
	// combining comma below
	0x0326: "SȘsșTȚtț",
	// combining cedilla
	0x0327: "CÇcçGĢgģKĶkķLĻlļNŅnņRŖrŗSŞsşTŢtţEȨeȩDḐdḑHḨhḩ",
	// combining ogonek
	0x0328: "AĄaąEĘeęIĮiįUŲuųOǪoǫ",
	// combining circumflex accent below
	0x032D: "DḒdḓEḘeḙLḼlḽNṊnṋTṰtṱUṶuṷ",
	// combining breve below
	0x032E: "HḪhḫ",
	// combining tilde below
	0x0330: "EḚeḛIḬiḭUṴuṵ",
	// combining macron below
	0x0331: "BḆbḇDḎdḏKḴkḵLḺlḻNṈnṉRṞrṟTṮtṯZẔzẕhẖ",
}
